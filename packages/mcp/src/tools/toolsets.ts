/**
 * Toolsets: the tools grouped by what they are for, as GitHub's MCP server groups its own, so a client can offer
 * an agent only the tools its job needs (`--toolsets`, `NETWORK_MCP_TOOLSETS`).
 */
export const TOOLSETS = {
  context: 'The organization of the key and its connected accounts: the account_id most tools take.',
  contacts: 'Find contacts, import them by profile URL, and change their tags, notes and custom fields.',
  companies: 'Find the contacts\' companies and change their tags, notes and custom fields.',
  conversations: 'Read conversations and their messages, and save reply or message drafts (nothing is sent).',
  views: 'List saved contact views and create views of specific contacts.',
  activity: 'The team\'s activity events and their counts (admin keys only).',
  enrichment: 'Profile and company enrichment and work e-mail lookups: each uses a credit.',
} as const;

export type ToolsetName = keyof typeof TOOLSETS;

export const toolsetNames = Object.keys(TOOLSETS) as ToolsetName[];

/**
 * The toolsets served when none is named: every one (so the server without options serves every tool). Unlike
 * GitHub's MCP server, whose `default` is a subset of its toolsets: sixteen tools fit a tool list.
 */
export const DEFAULT_TOOLSETS: readonly ToolsetName[] = toolsetNames;

/** The toolset names and the two keywords `all` and `default` that `--toolsets` takes. */
export const TOOLSET_KEYWORDS = ['all', 'default'] as const;

/** The toolsets a `--toolsets` list names (`all` and `default` expanded); throws a RangeError on an unknown name. */
export function expandToolsets(names: readonly string[]): ToolsetName[] {
  const unknown = names.filter((name) => !(name in TOOLSETS) && !(TOOLSET_KEYWORDS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new RangeError(`unknown toolset(s): ${unknown.join(', ')}; the toolsets are ${toolsetNames.join(', ')} (or all, default)`);
  }
  const expanded = new Set<ToolsetName>();
  for (const name of names) {
    if (name === 'all') toolsetNames.forEach((one) => expanded.add(one));
    else if (name === 'default') DEFAULT_TOOLSETS.forEach((one) => expanded.add(one));
    else expanded.add(name as ToolsetName);
  }
  return toolsetNames.filter((name) => expanded.has(name));
}
