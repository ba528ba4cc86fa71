import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

interface PromptSpec {
  name: string;
  title: string;
  description: string;
  /** Tools the job calls: the prompt is offered only when they all are. */
  tools: readonly string[];
  args: z.ZodRawShape;
  text(args: Record<string, string | undefined>): string;
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
    text: ({ tag, instructions }) =>
      [
        `Draft a reply to each conversation with a contact tagged "${tag}".`,
        `1. Call list_conversations with tag "${tag}"; follow next_cursor until no more pages.`,
        '2. For each conversation, call list_conversation_messages with its conversation_id and account_id (limit 3) to read the latest messages.',
        '3. Write a short, specific reply to the latest message, in the language of the conversation.',
        '4. Save it with create_draft (account_id, conversation_id, draft_message). Drafts are never sent: a person reviews and sends them.',
        '5. Finish with a list: contact name, conversation_id, and the first line of each draft.',
        instructions ? `What the replies should do: ${instructions}` : '',
      ].filter(Boolean).join('\n'),
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
    text: ({ week_start, timezone }) =>
      [
        'Write a weekly activity report for the organization.',
        `1. Call get_activity_summary with ${week_start ? `from "${week_start}" and to the date 7 days later` : 'from the date 7 days ago and to today'}${timezone ? `, timezone "${timezone}"` : ''}.`,
        '2. Call list_accounts to name the accounts in by_account (display_name).',
        '3. Report: the total, the counts by event type and channel, the busiest days, and each account\'s and user\'s share. Compare replies received with messages sent.',
        'Activity tools need an organization admin\'s key: if they fail with forbidden, say so and stop.',
      ].join('\n'),
  },
  {
    name: 'follow_up_contacts',
    title: 'Follow up with the contacts of a tag',
    description: 'Finds the contacts of a tag with no recent interaction and saves a follow-up draft to each (nothing is sent).',
    tools: ['list_accounts', 'list_contacts', 'create_draft'],
    args: {
      tag: z.string().describe('Tag name'),
      days: z.string().optional().describe('Only contacts with no interaction in this many days; default 30'),
    },
    text: ({ tag, days }) =>
      [
        `Save a follow-up draft to each contact tagged "${tag}" with no interaction in the last ${days ?? '30'} days.`,
        '1. Call list_accounts for the account ids.',
        `2. Call list_contacts with tag "${tag}" (follow next_cursor); keep the contacts whose last_interaction_at is older than that, or missing.`,
        '3. For each, call create_draft with account_id (the contact\'s account), contact_id and a short personal follow-up based on the headline and company.',
        'Drafts are never sent: a person reviews them. End with the list of contacts drafted to.',
      ].join('\n'),
  },
];

/** The prompts for the jobs this API is for, each when the tools it calls are enabled. */
export function registerPrompts(server: McpServer, enabledTools: ReadonlySet<string>): void {
  for (const prompt of PROMPTS) {
    if (!prompt.tools.every((tool) => enabledTools.has(tool))) continue;
    server.registerPrompt(
      prompt.name,
      { title: prompt.title, description: prompt.description, argsSchema: prompt.args },
      (args) => ({
        messages: [{ role: 'user', content: { type: 'text', text: prompt.text(args as Record<string, string | undefined>) } }],
      }),
    );
  }
}
