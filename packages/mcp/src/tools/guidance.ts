/**
 * What an agent must know that the spec does not say in tool terms: which tool gives each kind of id. Used in
 * argument descriptions and in the next step of an error ("call list_accounts for a valid account_id").
 */
export const ID_SOURCES: Readonly<Record<string, string>> = {
  account_id: 'list_accounts',
  contact_id: 'list_contacts (or import_contact)',
  contact_ids: 'list_contacts',
  company_id: 'list_companies',
  conversationId: 'list_conversations',
  conversation_id: 'list_conversations',
  view_id: 'list_views',
  user_id: 'list_accounts (owner_user_id)',
};

/** The sentence an argument's description ends with, saying where its value comes from. */
export function idSourceHint(argument: string): string | undefined {
  if (argument === 'cursor') return 'Pass the next_cursor of the previous call of this tool, with the same other arguments.';
  const source = ID_SOURCES[argument];
  return source ? `Get it from ${source}.` : undefined;
}

/** "call list_accounts for a valid account_id; ..." for the id arguments a tool takes. */
export function idNextSteps(argumentNames: readonly string[]): string[] {
  return argumentNames
    .filter((name) => ID_SOURCES[name] !== undefined)
    .map((name) => `call ${ID_SOURCES[name]} for a valid ${name}`);
}
