/**
 * What an agent must know that the spec does not say in tool terms: which tool's results carry each kind of id,
 * under the same name. Used in argument descriptions and in the next step of an error.
 */
export const ID_SOURCES: Readonly<Record<string, string>> = {
  account_id: 'list_accounts',
  contact_id: 'list_contacts (or import_contact)',
  contact_ids: 'list_contacts',
  company_id: 'list_companies',
  conversation_id: 'list_conversations',
  view_id: 'list_views (its id or public_id)',
  user_id: 'list_accounts (owner_user_id)',
};

/**
 * Path parameters whose wire name differs from the field that carries their value in results: the tool argument
 * takes the results' name, and the wire name stays accepted as an alias. Every other path parameter
 * (`contact_id`, `company_id`) already has its results' name.
 */
export const PATH_ARGUMENT_NAMES: Readonly<Record<string, string>> = { conversationId: 'conversation_id' };

/** Whether an argument (or an array argument's items) holds ids: those take integers too. */
export const isIdArgument = (name: string): boolean => name in ID_SOURCES;

/**
 * "call list_accounts for a valid account_id" for each id argument of `names`, or the tool's own step for it where
 * the value comes from elsewhere (`steps`: a conversation's own account_id).
 */
export function idNextSteps(names: readonly string[], steps: Readonly<Record<string, string>> = {}): string[] {
  return names.filter(isIdArgument).map((name) => steps[name] ?? `call ${ID_SOURCES[name]} for a valid ${name}`);
}
