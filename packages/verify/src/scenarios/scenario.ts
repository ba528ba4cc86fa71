import type { OperationId } from '@network-org/sdk';
import type { ScenarioContext } from '../context';

/** What a scenario needs beyond reads with the admin key; without it the scenario is skipped. */
export type Need = 'writes' | 'credits' | 'member' | 'probe';

/** One behaviour of the API, checked against the target. */
export interface Scenario {
  /** Stable, dotted: `contacts.limit.clamped`. */
  id: string;
  operation: OperationId;
  title: string;
  /** `description §N`, or `decision` for this project's decisions where the description is silent. */
  source: string;
  needs?: Need[];
  run(t: ScenarioContext): Promise<void>;
}

/** Where each list operation keeps its items, and what names an item. */
export const LISTS = {
  listContacts: { items: 'contacts', key: 'account_relationship_id' },
  listCompanies: { items: 'companies', key: 'company_id' },
  listConversations: { items: 'conversations', key: 'conversation_id' },
  listConversationMessages: { items: 'messages', key: 'message_id' },
  listViews: { items: 'views', key: 'id' },
  listActivity: { items: 'activity', key: 'id' },
} as const satisfies Partial<Record<OperationId, { items: string; key: string }>>;

export type ListOperation = keyof typeof LISTS;
