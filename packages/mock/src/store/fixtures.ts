import type { TagRecord } from './types';

// Facts of the default dataset that users and tests name: keys, magic handles, tags, field values.

export const TAG_CATALOG: readonly TagRecord[] = [
  { name: 'Customer', color: 'green' },
  { name: 'Prospect', color: 'green' },
  { name: 'Investor', color: 'green' },
  { name: 'Partner', color: 'green' },
  { name: 'Do not contact', color: 'red' },
  { name: 'Churned', color: 'red' },
];
export const DEAL_STAGES = ['Lead', 'Qualified', 'Proposal', 'Negotiation', 'Won', 'Lost'] as const;
export const TIERS = ['Enterprise', 'Mid-market', 'SMB'] as const;
export const PRIORITIES = ['High', 'Medium', 'Low'] as const;

/** Magic handles of the default dataset, like a payment provider's test cards. */
export const MAGIC_HANDLES = { upstreamError: 'upstream-error', conflict: 'conflict' } as const;

/** Which fixture key belongs to which user; the user records are made in `buildDataset`. */
export const FIXTURE_KEYS = {
  admin: 'sk_test_admin',
  member: 'sk_test_member',
  retired: 'sk_test_retired',
  apiDisabled: 'sk_test_api_disabled',
  inactiveUser: 'sk_test_inactive_user',
  noApiFeature: 'sk_test_no_api_feature',
  noCredits: 'sk_test_no_credits',
  otherOrg: 'sk_test_other_org',
} as const;
