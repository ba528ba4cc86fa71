import { schemas, validateResponses } from '@network-org/sdk/zod';

const strict = new NetworkClient({ baseUrl: mock.baseUrl, apiKey: mock.keys.admin, validateResponses });
const checked = await strict.contacts.list({ limit: 1 }); // throws ResponseValidationError on a mismatch
console.log(schemas.Contact.safeParse(checked.items[0]).success);
