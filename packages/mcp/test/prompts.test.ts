// The prompts name tools and arguments exactly as the tools take them, and a model-shaped script that does what
// each prompt says (the prompt's own words for the calls, the results' field names for the values, ids as numbers)
// finishes each job without one refused call.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { createMockApi, type MockApi } from '@network-org/mock';
import { connect, textOf, type Connected } from './support/in-process';

type Item = Record<string, unknown>;

/** A step of a prompt: "call `tool` with `a` "x", `b` and `c`", with the values the prompt gives. */
interface Step {
  tool: string;
  args: Array<{ name: string; value?: unknown }>;
}

const STEP = /\b[Cc]all `(\w+)`((?: with (?:`\w+`(?: (?:"[^"]*"|\d+))?(?:, | and )?)+)?)/g;
const ARGUMENT = /`(\w+)`(?: ("[^"]*"|\d+))?/g;

function stepsOf(text: string): Step[] {
  return [...text.matchAll(STEP)].map(([, tool, args]) => ({
    tool: tool!,
    args: [...(args ?? '').matchAll(ARGUMENT)].map(([, name, value]) => ({ name: name!, ...(value ? { value: JSON.parse(value) as unknown } : {}) })),
  }));
}

const PROMPT_ARGUMENTS: Record<string, Record<string, string>> = {
  draft_replies_for_tag: { tag: 'Customer', instructions: 'Offer a call next week.' },
  weekly_activity_report: { week_start: '2026-01-05', timezone: 'Europe/Paris' },
  follow_up_contacts: { tag: 'Customer', days: '30' },
};

async function promptText(mcp: Connected, name: string): Promise<string> {
  const prompt = await mcp.client.getPrompt({ name, arguments: PROMPT_ARGUMENTS[name]! });
  return (prompt.messages[0]!.content as { text: string }).text;
}

/**
 * Calls tools as a model does after reading a prompt: the arguments the prompt names, with its values where it
 * gives them, else the value of the same name in the item at hand, ids sent as numbers.
 */
class ModelShapedAgent {
  readonly refused: string[] = [];
  readonly failed: string[] = [];
  /** Every field name of every result read: what a prompt may name besides tools and arguments. */
  readonly fieldsSeen = new Set<string>();

  constructor(private readonly mcp: Connected) {}

  private see(value: unknown): void {
    if (Array.isArray(value)) value.forEach((item) => this.see(item));
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        this.fieldsSeen.add(key);
        this.see(inner);
      }
    }
  }

  async step(step: Step, item: Item = {}, own: Item = {}): Promise<Record<string, unknown>> {
    const args: Item = {};
    for (const { name, value } of step.args) {
      const given = value ?? item[name] ?? own[name];
      args[name] = typeof given === 'string' && /^[1-9][0-9]*$/.test(given) ? Number(given) : given;
    }
    const result = await this.mcp.call(step.tool, args);
    const error = result.structuredContent.error as { code: string } | undefined;
    if (error?.code === 'invalid_arguments') this.refused.push(`${step.tool} ${JSON.stringify(args)}: ${textOf(result)}`);
    else if (result.isError) this.failed.push(`${step.tool}: ${textOf(result)}`);
    this.see(result.structuredContent);
    return result.structuredContent;
  }

  /** A list step walked to its end: "while a result has a `next_cursor`, call it again with that value as `cursor`". */
  async walk(step: Step, key: string): Promise<Item[]> {
    const items: Item[] = [];
    let cursor: unknown;
    do {
      const page = await this.step(step, {}, cursor ? { cursor } : {});
      items.push(...((page[key] as Item[] | undefined) ?? []));
      cursor = page.next_cursor;
      if (cursor) step = { ...step, args: [...step.args.filter((arg) => arg.name !== 'cursor'), { name: 'cursor' }] };
    } while (cursor);
    return items;
  }
}

/** The jobs, as a model follows each prompt's steps in order (enable_toolset steps first, when there are some). */
const JOBS: Record<string, (agent: ModelShapedAgent, steps: Step[], mock: MockApi) => Promise<void>> = {
  async draft_replies_for_tag(agent, [list, read, save], mock) {
    const conversations = await agent.walk(list!, 'conversations');
    expect(conversations.length).toBeGreaterThan(1);
    for (const conversation of conversations) {
      const { messages } = await agent.step(read!, conversation);
      await agent.step(save!, conversation, { draft_message: `Thanks for "${String((messages as Item[])[0]?.text).slice(0, 30)}": shall we talk next week?` });
    }
    expect(mock.drafts().drafts.map((draft) => draft.conversation_id).sort()).toEqual(conversations.map((c) => c.conversation_id).sort());
  },
  async weekly_activity_report(agent, [summarize, accounts]) {
    const summary = await agent.step(summarize!);
    expect(summary).toMatchObject({ timezone: 'Europe/Paris', total_events: expect.any(Number) });
    const listed = (await agent.step(accounts!)).accounts as Item[];
    for (const id of Object.keys(summary.by_account as object)) expect(listed.map((account) => account.account_id)).toContain(id);
  },
  async follow_up_contacts(agent, [list, save], mock) {
    const cutoff = Date.parse('2026-01-15T12:00:00Z') - 30 * 86_400_000;
    const quiet = (await agent.walk(list!, 'contacts')).filter((contact) => !contact.last_interaction_at || Date.parse(String(contact.last_interaction_at)) < cutoff);
    expect(quiet.length).toBeGreaterThan(0);
    for (const contact of quiet) await agent.step(save!, contact, { draft_message: `Hello ${String(contact.name)}, how is ${String(contact.primary_company_name)}?` });
    expect(mock.drafts().drafts.map((draft) => draft.contact_id).sort()).toEqual(quiet.map((contact) => contact.contact_id).sort());
  },
};

let mock: MockApi;
let mcp: Connected;
afterEach(() => mcp.close());

describe.each([
  ['every tool served', {}],
  ['dynamic toolsets', { dynamicToolsets: true }],
])('with %s', (_label, options) => {
  beforeEach(async () => {
    mock = createMockApi({ rateLimit: false });
    mcp = await connect({ mock, ...options });
  });

  it('every tool and argument a prompt names exists, as the tool names it', async () => {
    const { prompts } = await mcp.client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(Object.keys(PROMPT_ARGUMENTS));
    const tools = new Map<string, Tool>((await mcp.client.listTools()).tools.map((tool) => [tool.name, tool]));
    for (const { name } of prompts) {
      let text = await promptText(mcp, name);
      for (const step of stepsOf(text)) if (step.tool === 'enable_toolset') await mcp.call(step.tool, { toolset: step.args[0]!.value });
      (await mcp.client.listTools()).tools.forEach((tool) => tools.set(tool.name, tool));
      text = `${text}\n${await promptText(mcp, name)}`;
      const steps = stepsOf(text);
      expect(steps.length, name).toBeGreaterThan(0);
      for (const step of steps) {
        expect(tools.has(step.tool), `${name}: ${step.tool}`).toBe(true);
        const properties = Object.keys(tools.get(step.tool)!.inputSchema.properties ?? {});
        for (const arg of step.args) expect(properties, `${name}: ${step.tool} ${arg.name}`).toContain(arg.name);
      }
    }
  });

  it.each(Object.keys(JOBS))('a model-shaped script finishes %s with the prompt\'s own words, and no call is refused', async (name) => {
    const agent = new ModelShapedAgent(mcp);
    const text = await promptText(mcp, name);
    const steps = stepsOf(text);
    for (const step of steps.filter((one) => one.tool === 'enable_toolset')) await agent.step(step);
    await JOBS[name]!(agent, steps.filter((one) => one.tool !== 'enable_toolset'), mock);
    expect(agent.refused).toEqual([]);
    expect(agent.failed).toEqual([]);
    // Every other name in backticks is an argument of a tool the prompt calls, or a field of the results the job read.
    const tools = (await mcp.client.listTools()).tools.filter((tool) => steps.some((step) => step.tool === tool.name));
    const named = new Set([...steps.map((step) => step.tool), ...tools.flatMap((tool) => Object.keys(tool.inputSchema.properties ?? {}))]);
    for (const [, word] of text.matchAll(/`(\w+)`/g)) if (!named.has(word!)) expect(agent.fieldsSeen, `${name}: \`${word}\``).toContain(word);
  });
});
