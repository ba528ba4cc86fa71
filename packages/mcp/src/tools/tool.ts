import type { OperationId } from '@network-org/spec/operations';
import type { Projection } from './render';
import type { ToolsetName } from './toolsets';

/**
 * One tool: an operation of the API, named by its operationId in snake_case, and what an agent needs beyond the
 * spec. Its arguments come from the operation table, its request goes through the SDK's `client.request`, and a
 * list's items are found by the route table: nothing here repeats the spec.
 */
export interface ToolSpec {
  operationId: OperationId;
  toolset: ToolsetName;
  /**
   * What the tool does and what an agent must know to use it, in an agent's terms: the spec's description speaks of
   * the wire (statuses, parameters repeated in the query) and runs longer than a tool list can carry for sixteen tools.
   */
  description: string;
  /** Argument descriptions in an agent's terms, where the spec's say too little or speak of the wire. */
  describe?: Readonly<Record<string, string>>;
  /**
   * The next step an error gives for an id argument whose value comes from somewhere other than the tool listing
   * its kind (a conversation's account_id is the list_conversations item's, not any from list_accounts).
   */
  idSteps?: Readonly<Record<string, string>>;
  /**
   * Of two arguments only one of which may be given, the one to keep when a call gives both, and why: the refusal
   * then says to leave the other out.
   */
  keepOf?: { name: string; because: string };
  /** Inputs of the operation the tool leaves out because they can only fail. */
  omit?: readonly string[];
  /**
   * Body values the tool sends itself where the API takes a single one (create_view's `type`, always `contact`):
   * no argument for them, and a call that gives one anyway with that value is not refused.
   */
  fixed?: Readonly<Record<string, string>>;
  /** A list tool: how an item is shown by default (default: as the API gives it). */
  projection?: Projection;
  /** Any other tool: what its result is, for the first line of the text ("updated contact"). */
  label?: string;
  /**
   * Tools that change or spend something: whether repeating the call changes nothing more, and, when it is not,
   * what to do when a failure leaves it unclear whether the call went through.
   */
  write?: { idempotent: true } | { idempotent: false; uncertain: string };
}

/** Keeps a resource's tool specs typed. */
export const defineTools = (...tools: ToolSpec[]): ToolSpec[] => tools;

/** The `account_id` of a record that embeds its account summary (contacts, views), for compact items. */
export const accountIdOf = (record: Record<string, unknown>): unknown => (record.account as { account_id?: unknown } | undefined)?.account_id;
