// The store's records are the spec's wire types where they are one: a field the spec gains is a field of the record
// (and so of the state file and of the seed inputs) without a hand-written list to extend.
import { schemas } from '@network-org/spec/zod';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  activityEventKind,
  attachmentKind,
  COMPANY_FROM_ELSEWHERE,
  companyKind,
  CONTACT_FROM_ELSEWHERE,
  contactKind,
  draftKind,
  messageKind,
  organizationKind,
  viewKind,
} from '../../src/store/kinds';

const keys = (schema: z.ZodObject) => Object.keys(schema.shape);

describe('record kinds derive from the spec', () => {
  it.each([
    ['contact', schemas.Contact, contactKind, Object.keys(CONTACT_FROM_ELSEWHERE)],
    ['company', schemas.Company, companyKind, Object.keys(COMPANY_FROM_ELSEWHERE)],
    ['view', schemas.View, viewKind, ['account', 'app_url']],
    ['draft', schemas.Draft, draftKind, ['status', 'replaced_previous']],
    ['activity event', schemas.ActivityEvent, activityEventKind, []],
    ['message', schemas.Message, messageKind, []],
    ['attachment', schemas.Attachment, attachmentKind, []],
    ['organization', schemas.Organization, organizationKind, []],
  ] as const)('a %s record holds every field of its wire type but those it shows from other records', (_, wire, kind, fromElsewhere) => {
    const missing = keys(wire as z.ZodObject).filter((key) => !keys(kind).includes(key) && !(fromElsewhere as readonly string[]).includes(key));
    expect(missing).toEqual([]);
    // What it shows from elsewhere is not held twice.
    expect(keys(kind).filter((key) => (fromElsewhere as readonly string[]).includes(key))).toEqual([]);
  });

  it('closes the wire types: every key required (nullable stays nullable), no other key, at every level', () => {
    const contact = contactKind.shape;
    expect(contact.work_email.safeParse(null).success).toBe(true);
    expect(contact.work_email.safeParse(undefined).success).toBe(false);
    const tag = { name: 'VIP', color: 'green' };
    expect(contact.tags.safeParse([tag]).success).toBe(true);
    expect(contact.tags.safeParse([{ ...tag, extra: 1 }]).success).toBe(false);
    expect(contact.sequence.safeParse({ sequence_id: '1', status: 'active', steps: [] }).success).toBe(false);
  });
});
