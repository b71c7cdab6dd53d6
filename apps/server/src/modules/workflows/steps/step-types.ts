import type { ChannelType, VariableScope, WorkflowNode, WorkflowNodeType } from '@omnichat/contracts';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import type { ConversationRow } from '../../conversations/index.ts';
import type { CustomerRow } from '../../customers/index.ts';
import type { ExecutionRow } from '../workflows.tables.ts';

/** A step's failure: `transient` ones (a timeout, a 5xx, Graph throttling) are tried again with backoff. */
export class StepFailure extends Error {
  readonly transient: boolean;
  constructor(message: string, transient = false) {
    super(message);
    this.transient = transient;
  }
}

/** What a step knows of its run. */
export interface StepRun {
  ctx: AppContext;
  execution: ExecutionRow;
  node: WorkflowNode;
  /** the node's data, checked against its type's schema */
  data: Record<string, unknown>;
  customer: CustomerRow | null;
  conversation: ConversationRow | null;
  /** the conversation's channel's type */
  channelType: ChannelType | null;
  workflowName: string;
  /** a test run: sending steps are shown, not done; the others say what they would do */
  test: boolean;
  /** `text` with the run's variables filled in; missing ones are empty and noted on the step */
  render(text: string, encode?: (value: string) => string): string;
  /** the variables rendered so far that did not exist (shown on the step) */
  missing: string[];
  /** what the run's variables and conditions read */
  scope: VariableScope;
  /** the organization's time zone (conditions on the time of day) */
  timeZone: string;
  now: Date;
}

/** What a step did: its output (later steps read it as `steps.<node id>`), a branch, or a wait. */
export interface StepOutcome {
  input?: unknown;
  output?: unknown;
  /** a condition's or a reply wait's way on */
  branch?: 'yes' | 'no';
  /** the run waits until then (a reply wait: or until the customer writes) */
  waitUntil?: Date;
}

/**
 * One kind of step. `outside` does work that must not hold a transaction (an HTTP call); `inside` runs in the
 * step's transaction, where the step is recorded too, so a change and its record commit together.
 */
export interface StepHandler {
  outside?(run: StepRun): Promise<StepOutcome>;
  inside?(run: StepRun, tx: Tx, before: StepOutcome): Promise<StepOutcome>;
}

export type StepHandlers = Partial<Record<WorkflowNodeType, StepHandler>>;

/** The conversation a step acts in; a run without one (a schedule, a webhook) fails the step clearly. */
export function conversationOf(run: StepRun): ConversationRow {
  if (!run.conversation) throw new StepFailure('this step needs a conversation, and the run has none');
  return run.conversation;
}

export function customerOf(run: StepRun): CustomerRow {
  if (!run.customer) throw new StepFailure('this step needs a customer, and the run has none');
  return run.customer;
}
