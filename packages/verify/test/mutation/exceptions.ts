import type { Generated } from './generate';

/** A kind of drift the suite may miss where it reaches it, and why no check can tell it. */
export interface Exception {
  reason: string;
  applies(mutation: Generated): boolean;
}

export const EXCEPTIONS: Exception[] = [
  {
    reason:
      'An enrichment answers one record that no other operation shows (its fetch times, the lines and metadata of its ' +
      'locations and lists): a field the spec lets be null made null there, or a field the mock leaves null given a ' +
      'value, is data on that one record, not a drift any check can tell. Where an enrichment repeats what a contact ' +
      "shows (names, handles, URLs, companies, experiences), it is compared with the contact, and a person's " +
      'participant carries none of the fields only a company carries.',
    applies: (mutation) =>
      mutation.class === 'field' && mutation.operation === 'enrich' && (mutation.kind === 'retyped to null' || (mutation.kind.startsWith('retyped to ') && mutation.seen?.join() === 'null')),
  },
];

/** The exception a missed drift falls under, if any. */
export const exceptionOf = (mutation: Generated) => EXCEPTIONS.find((exception) => exception.applies(mutation));
