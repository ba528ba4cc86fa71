import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { TOOLS } from '../tools/index';

/**
 * "call `tool` with `a` "x", `b` and `c`": a step naming a tool and its arguments exactly as the tool takes them
 * (in backticks, so a test can check each against the tool's schema), with a value where the prompt gives one.
 */
export function call(tool: string, args: ReadonlyArray<readonly [name: string, value?: string]>): string {
  const parts = args.map(([name, value]) => (value ? `\`${name}\` ${value}` : `\`${name}\``));
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts.join('');
  return `call \`${tool}\`${list ? ` with ${list}` : ''}`;
}

/** The same step at the start of a sentence. */
const Call = (tool: string, args: Parameters<typeof call>[1]) => `C${call(tool, args).slice(1)}`;

const quoted = (value: string) => JSON.stringify(value);

interface PromptSpec {
  name: string;
  title: string;
  description: string;
  /** Tools the job calls: the prompt is offered only when they all are available. */
  tools: readonly string[];
  args: z.ZodRawShape;
  text(args: Record<string, string | undefined>): string[];
}

/** `YYYY-MM-DD` plus `days`, or undefined when `date` is not such a date. */
function addDays(date: string, days: number): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? undefined : new Date(time + days * 86_400_000).toISOString().slice(0, 10);
}

const PROMPTS: readonly PromptSpec[] = [
  {
    name: 'draft_replies_for_tag',
    title: 'Draft replies to the conversations of a tag',
    description: 'Reads the latest messages of every conversation with a contact carrying a tag and saves a reply draft to each (nothing is sent).',
    tools: ['list_conversations', 'list_conversation_messages', 'create_draft'],
    args: {
      tag: z.string().describe('Tag name, e.g. Customer'),
      instructions: z.string().optional().describe('What the replies should say or aim for'),
    },
    text: ({ tag = '', instructions }) => [
      `Draft a reply to each conversation with a contact tagged ${quoted(tag)}.`,
      `1. ${Call('list_conversations', [['tag', quoted(tag)], ['limit', '25']])}; while a result has a \`next_cursor\`, call it again with that value as \`cursor\`.`,
      `2. For each conversation, ${call('list_conversation_messages', [['conversation_id'], ['account_id'], ['limit', '3']])} (the conversation's own) to read its latest messages.`,
      '3. Write a short, specific reply to the latest message, in the language of the conversation.',
      `4. Save it: ${call('create_draft', [['account_id'], ['conversation_id'], ['draft_message']])}: the conversation's ids and your reply. Drafts are never sent: a person reviews and sends them.`,
      '5. Finish with a list: contact name, `conversation_id`, and the first line of each draft.',
      instructions ? `What the replies should do: ${instructions}` : '',
    ],
  },
  {
    name: 'weekly_activity_report',
    title: 'Weekly activity report',
    description: 'Summarizes a week of the team\'s activity (messages, replies, connection requests) by user, account and day. Needs an admin key.',
    tools: ['get_activity_summary', 'list_accounts'],
    args: {
      week_start: z.string().optional().describe('First day of the week, YYYY-MM-DD; default the 7 days before today'),
      timezone: z.string().optional().describe('IANA time zone of the days, e.g. Europe/Paris; default UTC'),
    },
    text: ({ week_start, timezone }) => {
      const last = week_start === undefined ? undefined : addDays(week_start, 6);
      const zone = timezone ? [['timezone', quoted(timezone)] as const] : [];
      const summary = last
        ? `${Call('get_activity_summary', [['from', quoted(week_start!)], ['to', quoted(last)], ...zone])} (the week's last day is included).`
        : `${Call('get_activity_summary', [['from'], ...zone])}: \`from\` is the date 7 days before today (YYYY-MM-DD); leave out \`to\`, which defaults to now.`;
      return [
        'Write a weekly activity report for the organization.',
        `1. ${summary}`,
        `2. ${Call('list_accounts', [])} to name the accounts of \`by_account\` by their \`display_name\`.`,
        '3. Report: the total, the counts by event type and channel, the busiest days, and each account\'s and user\'s share. Compare replies received with messages sent.',
        'Activity tools need an organization admin\'s key: if they fail with forbidden, say so and stop.',
      ];
    },
  },
  {
    name: 'follow_up_contacts',
    title: 'Follow up with the contacts of a tag',
    description: 'Finds the contacts of a tag with no recent interaction and saves a follow-up draft to each (nothing is sent).',
    tools: ['list_contacts', 'create_draft'],
    args: {
      tag: z.string().describe('Tag name'),
      days: z.string().optional().describe('Only contacts with no interaction in this many days; default 30'),
    },
    text: ({ tag = '', days }) => [
      `Save a follow-up draft to each contact tagged ${quoted(tag)} with no interaction in the last ${days ?? '30'} days.`,
      `1. ${Call('list_contacts', [['tag', quoted(tag)], ['limit', '25']])}; while a result has a \`next_cursor\`, call it again with that value as \`cursor\`. Keep the contacts whose \`last_interaction_at\` is older than that, or missing.`,
      `2. For each, ${call('create_draft', [['account_id'], ['contact_id'], ['draft_message']])}: the contact's own ids, and a short personal follow-up based on its \`headline\` and \`primary_company_name\`.`,
      'Drafts are never sent: a person reviews them. End with the list of contacts drafted to.',
    ],
  },
];

/** The toolsets of `tools` that hold a tool not enabled yet (dynamic toolsets): the job turns them on first. */
function toolsetsToEnable(tools: readonly string[], enabled: ReadonlySet<string>): string[] {
  return [...new Set(tools.filter((tool) => !enabled.has(tool)).map((tool) => TOOLS.get(tool)!.spec.toolset))];
}

/**
 * The prompts for the jobs this API is for, each when the tools it calls are available. With dynamic toolsets, a
 * prompt whose tools are not all enabled yet starts by enabling their toolsets.
 */
export function registerPrompts(server: McpServer, tools: { enabled: ReadonlySet<string>; available: ReadonlySet<string> }): void {
  for (const prompt of PROMPTS) {
    if (!prompt.tools.every((tool) => tools.available.has(tool))) continue;
    server.registerPrompt(prompt.name, { title: prompt.title, description: prompt.description, argsSchema: prompt.args }, (args) => {
      const enable = toolsetsToEnable(prompt.tools, tools.enabled).map((toolset, i) => `${i ? 'Then' : 'First,'} ${call('enable_toolset', [['toolset', quoted(toolset)]])}.`);
      const text = [...enable, ...prompt.text(args as Record<string, string | undefined>)].filter(Boolean).join('\n');
      return { messages: [{ role: 'user', content: { type: 'text', text } }] };
    });
  }
}
