import type { Company, Contact, EnrichmentBlock } from '@network-org/spec/openapi';
import { badRequest } from '../../engine/errors';
import { FORBIDDEN_KEYS } from '../../lib/forbidden-keys';
import { FIXTURE_KEYS, type Store } from '../../store/index';
import { uniqueTags } from '../../store/changes';
import type { Built } from '../../store/drawn-fields';
import { buildNetworkCompanyRecord, makeNetworkPerson, slug } from '../../store/network-generator';
import type { AccountRecord, ContactRecord, CustomFieldRecord, NetworkCompanyRecord, NetworkPersonRecord } from '../../store/types';
import { companyEnrichmentWire, companyListItemWire, contactWire, personEnrichmentWire } from '../../wire/shapes';
import { beforeNow, check, customValues, givenFields, RESERVED_KEYS, refuseMagicHandle, requireAccount } from './checks';
import { companyInput, companyOwnFields, contactInput, contactOwnFields, customFieldInput, networkProfileInput, personInputFields } from './inputs';

type ContactFields = ReturnType<typeof contactInput.parse>;

/** The person's fields the input gave; null means "generate it", as if left out. */
function givenPersonFields(input: ContactFields): Partial<NetworkPersonRecord> {
  return Object.fromEntries(Object.entries(givenFields(personInputFields, input)).filter(([, value]) => value !== null));
}

/** The person an inserted contact is: an existing profile by handle, or a new one made as the network's people are. */
function personFor(
  store: Store,
  input: ContactFields,
  account: AccountRecord,
): { person: NetworkPersonRecord; isNew: false } | { person: Built<NetworkPersonRecord>; isNew: true } {
  if (input.public_identifier !== undefined) {
    const existing = store.network.person(input.public_identifier);
    if (existing) {
      if (store.contacts.ofPerson(account.account_id, existing)) {
        throw badRequest(`Account ${account.account_id} already holds "${input.public_identifier}".`);
      }
      return { person: existing, isNew: false };
    }
  }
  const random = store.randomFor('seed', 'contact', store.ids.take('seed'));
  let company: NetworkCompanyRecord = random.pick(store.network.companies());
  if (input.primary_company_name != null) {
    company =
      store.network.companies().find((candidate) => candidate.name === input.primary_company_name) ??
      buildNetworkCompanyRecord(random, store.pools, store.ids, store.now, { name: input.primary_company_name });
  }
  const made = makeNetworkPerson(random, store.pools, store.ids, store.now, [company]);
  const firstName = input.first_name ?? made.first_name;
  const lastName = input.last_name ?? made.last_name;
  const title = input.primary_role_title ?? made.primary_role_title;
  const person: Built<NetworkPersonRecord> = {
    ...made,
    ...givenPersonFields(input),
    first_name: firstName,
    last_name: lastName,
    primary_role_title: title,
    headline: input.headline ?? `${title} at ${company.name}`,
    public_identifier: input.public_identifier ?? `${slug(`${firstName}-${lastName}`) || 'person'}-${made.provider_participant_id.replace(/\D/g, '')}`,
  };
  if (store.network.person(person.public_identifier)) throw badRequest(`The handle "${person.public_identifier}" is taken.`);
  return { person, isNew: true };
}

export function insertContact(store: Store, raw: unknown): Contact {
  const input = check(contactInput, raw, 'contact', 'contact');
  const account = requireAccount(store, input.account_id);
  const values = customValues(store, input.custom_fields, account, 'contact');
  refuseMagicHandle(input.public_identifier);
  const found = personFor(store, input, account);
  // Every check passed: from here on the writes happen.
  if (found.isNew && !store.network.company(found.person.company.public_identifier)) store.network.addCompany(found.person.company);
  const person = found.isNew ? store.network.addPerson(found.person) : found.person;
  const random = store.randomFor('seed', 'contact', person.provider_participant_id, account.account_id);
  const contact = store.contacts.add({
    account,
    person,
    created_at: beforeNow(store, random.int(1, 365) * 86_400_000),
    relationship_status: input.relationship_status ?? 'connected',
    fill: (created: ContactRecord) => {
      // The contact's own fields as given; tags and an invitation are completed below.
      Object.assign(created, givenFields(contactOwnFields, input));
      if (input.tags) created.tags = uniqueTags(input.tags);
      if (input.connection_invitation) {
        created.connection_invitation = {
          status: 'pending',
          direction: input.connection_invitation.direction ?? 'incoming',
          invite_id: store.ids.take('invite'),
          invite_state: 'pending',
          invite_type: 'connection_request',
          received_at: input.connection_invitation.received_at ?? beforeNow(store, random.int(1, 72) * 3_600_000),
        };
      }
      created.custom_fields = values;
    },
  });
  return contactWire(store, contact, 'full');
}

export function insertCompany(store: Store, raw: unknown): Company {
  const input = check(companyInput, raw, 'company', 'company');
  const account = requireAccount(store, input.account_id);
  const values = customValues(store, input.custom_fields, account, 'company');
  let network = input.public_identifier === undefined ? undefined : store.network.company(input.public_identifier);
  if (network && store.companies.findOf(account.account_id, network)) {
    throw badRequest(`Account ${account.account_id} already tracks the company "${input.public_identifier}".`);
  }
  const isNew = network === undefined;
  network ??= buildNetworkCompanyRecord(store.randomFor('seed', 'company', store.ids.take('seed')), store.pools, store.ids, store.now, input);
  if (isNew && store.network.company(network.public_identifier)) throw badRequest(`The handle "${network.public_identifier}" is taken.`);
  if (isNew) store.network.addCompany(network);
  let company = store.companies.track(account, network);
  const own = givenFields(companyOwnFields, input);
  if (Object.keys(own).length > 0 || values.size > 0) {
    company = store.companies.edit(company, (copy) => {
      Object.assign(copy, own);
      if (input.tags) copy.tags = uniqueTags(input.tags);
      copy.custom_fields = values;
    });
  }
  return companyListItemWire(company, store.contacts.countAt(company));
}

export function insertNetworkProfile(store: Store, raw: unknown): EnrichmentBlock {
  const input = check(networkProfileInput, raw, 'networkProfile');
  refuseMagicHandle(input.handle);
  if (input.kind === 'company') {
    if (store.network.company(input.handle)) throw badRequest(`The company handle "${input.handle}" is taken.`);
    const company = buildNetworkCompanyRecord(store.randomFor('seed', 'company', input.handle), store.pools, store.ids, store.now, {
      ...input,
      public_identifier: input.handle,
    });
    store.network.addCompany(company);
    return companyEnrichmentWire(company);
  }
  if (store.network.person(input.handle)) throw badRequest(`The profile handle "${input.handle}" is taken.`);
  let company: NetworkCompanyRecord | undefined;
  if (input.company !== undefined) {
    company = store.network.company(input.company);
    if (!company) throw badRequest(`Unknown company handle "${input.company}": seed it first with kind "company".`);
  }
  const random = store.randomFor('seed', 'person', input.handle);
  const made = makeNetworkPerson(random, store.pools, store.ids, store.now, company ? [company] : store.network.companies());
  const title = input.primary_role_title ?? made.primary_role_title;
  const person = store.network.addPerson({
    ...made,
    public_identifier: input.handle,
    first_name: input.first_name ?? made.first_name,
    last_name: input.last_name ?? made.last_name,
    primary_role_title: title,
    headline: input.headline ?? `${title} at ${made.company.name}`,
  });
  return personEnrichmentWire(store, person);
}

export function insertCustomField(store: Store, raw: unknown): CustomFieldRecord {
  const input = check(customFieldInput, raw, 'customField');
  const adminKey = store.directory.apiKey(FIXTURE_KEYS.admin);
  const organizationId = input.organization_id ?? store.directory.user(adminKey?.user_id ?? '')?.organization_id;
  if (organizationId === undefined || !store.directory.organization(organizationId)) {
    throw badRequest(`Unknown organization_id ${String(input.organization_id)}.`);
  }
  if (RESERVED_KEYS[input.target].has(input.name)) {
    throw badRequest(`"${input.name}" is a ${input.target} field of the API: a custom field cannot take its name.`);
  }
  // A request body holding this key is refused, so a field of this name could never be set.
  if (FORBIDDEN_KEYS.has(input.name)) throw badRequest(`"${input.name}" cannot name a custom field: request bodies may not hold that key.`);
  if (store.customFields.find(organizationId, input.target, input.name)) {
    throw badRequest(`The ${input.target} custom field "${input.name}" is already registered.`);
  }
  const field: CustomFieldRecord = { organization_id: organizationId, target: input.target, name: input.name, type: input.type };
  store.customFields.add(field);
  return field;
}
