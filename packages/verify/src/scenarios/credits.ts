import type { ScenarioContext } from '../context';
import type { Scenario } from './scenario';

const needsCredits: Scenario['needs'] = ['credits'];

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
    source: 'description §4',
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
    source: 'description §4',
    needs: needsCredits,
    async run(t) {
      const contact = await t.facts.contact();
      const answer = await t.call('enrich', { body: { account_id: await t.facts.accountId(), contact_id: contact.contact_id } });
      if (!t.expectOk(answer)) return;
      const participant = (answer.body as { data: { network_enrichment: { profile: { participant: { kind?: string } } } } }).data.network_enrichment.profile.participant;
      t.equal('$.data.network_enrichment.profile.participant.kind', participant.kind, 'member');
    },
  },
  {
    id: 'enrich.unknown-profile',
    operation: 'enrich',
    behaviour: 'status',
    title: 'enriching a well-formed profile URL nobody has is 404 not_found',
    source: 'description §7',
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
    source: 'description §4',
    needs: needsCredits,
    async run(t) {
      const contact = await t.facts.contact();
      const answer = await t.call('findContactEmail', { params: { contact_id: contact.contact_id }, body: { account_id: await t.facts.accountId() } });
      if (!t.expectOk(answer)) return;
      const found = (answer.body as { data: { contact: Record<string, unknown> & { contact_enrichment?: { work_email?: { status?: string } } } } }).data.contact;
      t.equal('$.data.contact.contact_id', found.contact_id, contact.contact_id);
      const status = found.contact_enrichment?.work_email?.status;
      t.check(typeof status === 'string', { path: '$.data.contact.contact_enrichment.work_email.status', expected: 'a lookup status', actual: 'missing' });
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
