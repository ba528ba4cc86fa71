import { ApiError, ConflictError, NotFoundError, RateLimitError, isApiError } from '@network-org/sdk';

try {
  await client.contacts.import({ account_id: accountId, network_url: 'https://www.network.com/in/conflict' });
} catch (error) {
  if (error instanceof ConflictError) console.log(error.status, error.code, error.message);
  else if (error instanceof NotFoundError) console.log('no such profile');
  else if (error instanceof RateLimitError) console.log(`retry in ${error.retryAfter}s`);
  else if (isApiError(error, 'billing_insufficient_credits')) console.log('buy credits');
  else if (error instanceof ApiError) console.log(error.status, error.code, error.debug);
  else throw error;
}
