/** Numeric string ids (`^[1-9][0-9]*$`), one counter per kind so they read naturally and never collide within a kind. */
export interface Ids {
  take(kind: string): string;
}

// Ranges per kind so ids of different kinds do not look alike.
export const ID_STARTS: Readonly<Record<string, number>> = {
  organization: 7001,
  user: 201,
  account: 101,
  contact: 1_000_001,
  account_relationship: 5_000_001,
  company: 300_001,
  view: 901,
  conversation: 40_001,
  message: 600_001,
  attachment: 80_001,
  draft: 2001,
  sequence: 70_001,
  sequence_step: 710_001,
  invite: 90_001,
  activity: 10_000_001,
  network_person: 100_001,
  network_company: 50_001,
};
