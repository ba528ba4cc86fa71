import { badRequest, notFound, upstreamError } from '../engine/errors';
import { defineRoute } from '../engine/router';
import type { EnrichmentBlock } from '@network-org/spec/openapi';
import { parseProfileUrl } from '../store/urls';
import { companyEnrichmentWire, personEnrichmentWire } from '../wire/shapes';
import { MAGIC_HANDLES } from '../store/index';

export const enrich = defineRoute('enrich', { credits: 1 }, (ctx) => {
  const { store, body } = ctx;
  const account = ctx.accounts.require(body.account_id);
  let profile: EnrichmentBlock;
  let company: EnrichmentBlock | null;
  if (body.contact_id !== undefined) {
    const contact = store.contacts.find(account.account_id, body.contact_id);
    if (!contact) {
      throw notFound(`No contact "${body.contact_id}" in account ${account.account_id}: use a contact_id from GET /v1/contacts.`);
    }
    profile = personEnrichmentWire(store, contact.person);
    company = companyEnrichmentWire(contact.person.company);
  } else {
    const url = body.network_url ?? '';
    const ref = parseProfileUrl(url);
    if (!ref) {
      throw badRequest(
        `Invalid body field "network_url": must be a profile URL such as https://www.network.com/in/<handle> or https://www.network.com/company/<handle> (got ${JSON.stringify(url)}).`,
      );
    }
    if (ref.handle === MAGIC_HANDLES.upstreamError) {
      throw upstreamError('The network did not answer while fetching the profile. Try again later.');
    }
    if (ref.kind === 'member') {
      const person = store.network.person(ref.handle);
      if (!person) throw notFound(`No network profile found at ${url}.`);
      profile = personEnrichmentWire(store, person);
      company = companyEnrichmentWire(person.company);
    } else {
      const found = store.network.company(ref.handle);
      if (!found) throw notFound(`No network company found at ${url}.`);
      profile = companyEnrichmentWire(found);
      company = profile;
    }
  }
  // Charged only when there is something to return.
  ctx.credits.consume();
  return { status: 200, body: { data: { network_enrichment: { profile, company } } } };
});
