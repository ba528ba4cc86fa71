import type { ScenarioContext } from '../context';
import { compact } from '../check/schema';
import { expectSame } from './agree';
import { expectLookups } from './enrichment';
import type { Scenario } from './scenario';

const needsCredits: Scenario['needs'] = ['credits'];

type Fields = Record<string, unknown>;
type Block = Record<string, unknown> & { participant: Fields & { kind?: string } };
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The lists of an enrichment block that a contact (or a company) also has, by the same name. */
const LISTS_OF_BLOCKS = ['languages', 'experiences', 'educations', 'locations', 'industries'];
const COMMON = { first: 'any', second: 'any' } as const;
/** The participant fields only a company's carries: a person's leaves them null. */
const COMPANY_ONLY = ['headcount', 'employee_count', 'website_url', 'follower_count', 'about'];

/**
 * An enrichment of a contact's profile (or company) describes that contact: its participant's fields and the items
 * of its lists agree with the contact's fields of the same name, item by item.
 */
function expectDescribes(t: ScenarioContext, path: string, block: Block | null | undefined, record: Fields): void {
  // A block or participant that is not there, where the contact has what it would describe, is a difference.
  if (!isFields(block)) return void t.differ({ path, expected: 'the enrichment of what the contact shows', actual: compact(block) });
  const { participant } = block;
  if (!isFields(participant)) return void t.differ({ path: `${path}.participant`, expected: 'the participant the contact is', actual: compact(participant) });
  const own = participant.kind === 'member' ? Object.fromEntries(Object.entries(participant).filter(([key]) => !COMPANY_ONLY.includes(key))) : participant;
  expectSame(t, `${path}.participant`, record, own, COMMON, 'the enrichment against the contact it enriches');
  // The same facts under the names an enrichment gives them.
  const note = 'the enrichment against the contact it enriches';
  if (participant.kind === 'member') {
    for (const key of COMPANY_ONLY) t.equal(`${path}.participant.${key}`, participant[key] ?? null, null, "a person's participant (company participants alone carry it)");
  }
  t.equal(`${path}.participant.profile_url`, participant.profile_url, record.network_url, note);
  t.equal(`${path}.participant.full_name`, participant.full_name, record.name, note);
  const company = record.company as Fields | null | undefined;
  if (participant.kind === 'member' && company) {
    t.equal(`${path}.participant.primary_company.provider_participant_id`, (participant.primary_company as Fields | null | undefined)?.provider_participant_id, company.provider_participant_id, note);
  }
  const experiences = Array.isArray(record.experiences) ? (record.experiences as Fields[]) : [];
  (Array.isArray(block.experiences) ? (block.experiences as Fields[]) : []).forEach((experience, index) => {
    const theirs = (experience?.company as Fields | null | undefined)?.provider_participant_id ?? null;
    if (experiences[index]) t.equal(`${path}.experiences[${index}].company.provider_participant_id`, theirs, experiences[index]!.company_provider_participant_id ?? null, note);
  });
  for (const name of LISTS_OF_BLOCKS) {
    const mine = Array.isArray(record[name]) ? (record[name] as Fields[]) : undefined;
    const theirs = Array.isArray(block[name]) ? (block[name] as Fields[]) : undefined;
    if (!mine || !theirs) continue;
    t.equal(`${path}.${name}.length`, theirs.length, mine.length, `the contact's ${name}`);
    theirs.forEach((item, index) => mine[index] && expectSame(t, `${path}.${name}[${index}]`, mine[index], item, COMMON, `the contact's ${name}`));
  }
}

/** A profile URL of the network with an unknown handle, built from a listed contact's URL. */
async function unknownProfile(t: ScenarioContext): Promise<string> {
  const url = new URL((await t.facts.contact()).network_url);
  url.pathname = url.pathname.replace(/[^/]+\/?$/, 'network-verify-no-such-person-7f3a9c');
  return url.href;
}

async function enrichUrl(t: ScenarioContext): Promise<string> {
  return (await t.facts.contact()).network_url;
}

export const creditScenarios: Scenario[] = [
  {
    id: 'enrich.profile',
    operation: 'enrich',
    behaviour: 'envelope',
    title: 'enrich by network_url is 200 with {network_enrichment: {profile, company}} of the spec’s schema',
    source: 'description: Endpoints',
    needs: needsCredits,
    async run(t) {
      t.expectOk(await t.call('enrich', { body: { account_id: await t.facts.accountId(), network_url: await enrichUrl(t) } }));
    },
  },
  {
    id: 'enrich.contact',
    operation: 'enrich',
    behaviour: 'envelope',
    title: 'enrich by contact_id is 200 with the profile of that contact',
    source: 'description: Endpoints',
    needs: needsCredits,
    async run(t) {
      const contact = await t.facts.contact();
      const answer = await t.call('enrich', { body: { account_id: await t.facts.accountId(), contact_id: contact.contact_id } });
      if (!t.expectOk(answer)) return;
      const { profile, company } = (answer.body as { data: { network_enrichment: { profile: Block | null; company: Block | null } } }).data.network_enrichment;
      t.equal('$.data.network_enrichment.profile.participant.kind', profile?.participant?.kind, 'member');
      expectDescribes(t, '$.data.network_enrichment.profile', profile, contact);
      if (contact.company) {
        // A company's participant is of kind company (the enrichment participant: member for a person, company for a company).
        t.equal('$.data.network_enrichment.company.participant.kind', company?.participant?.kind, 'company');
        expectDescribes(t, '$.data.network_enrichment.company', company, contact.company);
      }
    },
  },
  {
    id: 'enrich.unknown-profile',
    operation: 'enrich',
    behaviour: 'status',
    title: 'enriching a well-formed profile URL nobody has is 404 not_found',
    source: 'description: Errors',
    needs: needsCredits,
    async run(t) {
      t.expectError(await t.call('enrich', { body: { account_id: await t.facts.accountId(), network_url: await unknownProfile(t) } }), 404, 'not_found');
    },
  },
  {
    id: 'enrich.both-identifiers',
    operation: 'enrich',
    behaviour: 'refusal',
    title: 'enrich with both network_url and contact_id is 400 bad_request',
    source: 'decision',
    needs: needsCredits,
    async run(t) {
      const contact = await t.facts.contact();
      const answer = await t.call('enrich', { body: { account_id: await t.facts.accountId(), network_url: contact.network_url, contact_id: contact.contact_id } });
      t.expectError(answer, 400, 'bad_request');
    },
  },
  {
    id: 'contacts.find-email',
    operation: 'findContactEmail',
    behaviour: 'envelope',
    title: 'find-email is 200 with the contact, contact_enrichment.work_email carrying the lookup status, sequence and last_interaction_at keys',
    source: 'description: Endpoints',
    needs: needsCredits,
    async run(t) {
      const contact = await t.facts.contact();
      const answer = await t.call('findContactEmail', { params: { contact_id: contact.contact_id }, body: { account_id: await t.facts.accountId() } });
      if (!t.expectOk(answer)) return;
      const found = (answer.body as { data: { contact: Record<string, unknown> & { contact_enrichment?: { work_email?: { status?: string } } } } }).data.contact;
      t.equal('$.data.contact.contact_id', found.contact_id, contact.contact_id);
      const status = found.contact_enrichment?.work_email?.status;
      t.check(typeof status === 'string', { path: '$.data.contact.contact_enrichment.work_email.status', expected: 'a lookup status', actual: 'missing' });
      expectLookups(t, found, '$.data.contact');
      if (status === 'found') t.check(typeof found.work_email === 'string' && found.work_email !== '', { path: '$.data.contact.work_email', expected: 'the e-mail found (the lookup says found)', actual: JSON.stringify(found.work_email) ?? 'missing' });
      for (const key of ['sequence', 'last_interaction_at']) {
        t.check(key in found, { path: `$.data.contact.${key}`, expected: 'present (a value or null)', actual: 'missing' });
      }
    },
  },
  {
    id: 'contacts.find-email.unknown',
    operation: 'findContactEmail',
    behaviour: 'refusal',
    title: 'find-email for an unknown contact is 400 bad_request',
    source: 'decision',
    needs: needsCredits,
    async run(t) {
      t.expectError(await t.call('findContactEmail', { params: { contact_id: '987654321987' }, body: { account_id: await t.facts.accountId() } }), 400, 'bad_request');
    },
  },
];
