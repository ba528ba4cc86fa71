import type { Contact, ContactListQuery } from '@network-org/sdk';

const connected: ContactListQuery = { relationship_status: 'connected', tag: 'VIP' };
const label = (c: Contact) => `${c.name} (${c.headline})`;
console.log(connected, label(contact));
