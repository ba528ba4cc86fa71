import { createMockApi } from '@network-org/mock';

const mock = createMockApi();
const before = mock.snapshot(); // immutable: later writes never reach it
const [account] = mock.db.accounts();
mock.seed.contact({ account_id: account!.account_id, first_name: 'Temporary' });
mock.restore(before); // as it was, instantly

const text = mock.exportState(); // JSON text: the dataset's options and what changed since
const again = createMockApi({ state: text }); // answers as `mock` did when exported
console.log(again.exportState() === text); // true
