import { createMockApi } from '@network-org/mock';

const mock = createMockApi();
// The next import answers 409, whatever the profile; only statuses and bodies the spec documents for
// importContact compile.
mock.override('importContact', () => ({ status: 409, body: { code: 'conflict', message: 'Already imported.' } }), { times: 1 });
// Change the built-in answer: `next()` runs the real route (and its writes).
const restore = mock.override('listContacts', async ({ next }) => {
  const answer = await next();
  if (answer.status !== 200) return answer;
  return { ...answer, body: { data: { ...answer.body.data, contacts: answer.body.data.contacts.slice(0, 1) } } };
});
restore();
