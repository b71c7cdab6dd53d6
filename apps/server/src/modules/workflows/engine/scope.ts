import type { VariableScope } from '@omnichat/contracts';
import { CUSTOMER_COLUMN_OF, type CustomerRow } from '../../customers/index.ts';
import type { ExecutionRow } from '../workflows.tables.ts';
import type { RunSubjects } from './subjects.ts';

/** A customer as variables and conditions read it: the API's field names, custom fields and tag ids. */
export function customerVariables(customer: CustomerRow, tagIds: string[]) {
  return {
    id: customer.id,
    ...Object.fromEntries(Object.entries(CUSTOMER_COLUMN_OF).map(([name, column]) => [name, customer[column] ?? ''])),
    custom_fields: customer.customFields ?? {},
    tags: tagIds,
  };
}

/** Everything a run's texts and conditions can name. */
export function scopeOf(
  execution: ExecutionRow,
  { customer, tagIds, conversation }: RunSubjects,
  workflowName: string,
): VariableScope {
  const context = execution.context;
  return {
    customer: customer ? customerVariables(customer, tagIds) : {},
    conversation: conversation
      ? { id: conversation.id, status: conversation.status, channel_id: conversation.channelId }
      : {},
    message: context.reply ? { text: context.reply.text } : (context.message ?? {}),
    webhook: context.webhook ?? {},
    steps: context.steps ?? {},
    workflow: { id: execution.workflowId, name: workflowName },
    execution: { id: execution.id },
  };
}
