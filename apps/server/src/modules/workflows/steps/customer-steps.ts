import { updateCustomerBodySchema } from '@omnichat/contracts';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../platform/auth/actor.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { CUSTOMER_COLUMN_OF, createCustomersService, customerTags } from '../../customers/index.ts';
import { asStep } from './failures.ts';
import { customerOf, StepFailure, type StepHandler, type StepRun } from './step-types.ts';

/** A workflow's changes are the system's, named after the workflow in the customer's history. */
const actorOf = (run: StepRun): Actor => ({
  type: 'system',
  id: null,
  name: `workflow: ${run.workflowName}`,
  ip: '',
});

async function tagOf(tx: Tx, tagId: string) {
  const [tag] = await tx.select().from(customerTags).where(eq(customerTags.id, tagId));
  if (!tag) throw new StepFailure('the tag no longer exists');
  return tag;
}

const tagIdsOf = (run: StepRun) => (run.scope.customer as { tags?: string[] }).tags ?? [];

function tagStep(adding: boolean): StepHandler {
  return {
    async inside(run, tx) {
      const customer = customerOf(run);
      const tag = await tagOf(tx, String(run.data.tag_id));
      const current = tagIdsOf(run);
      const input = { tag: tag.name };
      if (adding === current.includes(tag.id)) return { input, output: { changed: false } };
      if (run.test) return { input, output: { [adding ? 'would_add_tag' : 'would_remove_tag']: tag.name } };
      const tagIds = adding ? [...current, tag.id] : current.filter((id) => id !== tag.id);
      await asStep(() =>
        createCustomersService(run.ctx).updateIn(tx, run.execution.workspaceId, actorOf(run), customer.id, {
          tag_ids: tagIds,
        }),
      );
      return { input, output: { changed: true } };
    },
  };
}

export const addTagStep = tagStep(true);
export const removeTagStep = tagStep(false);

/** Sets a customer field (`company`) or custom field (`custom_fields.<key>`); an empty value clears it. */
export const updateFieldStep: StepHandler = {
  async inside(run, tx) {
    const customer = customerOf(run);
    const field = String(run.data.field).replace(/^customer\./, '');
    const value = run.render(String(run.data.value ?? ''));
    const custom = field.startsWith('custom_fields.') ? field.slice('custom_fields.'.length) : null;
    if (!custom && !(field in CUSTOMER_COLUMN_OF)) throw new StepFailure(`the customer has no field ${field}`);
    const input = { field, value };
    // checked as the customer form's change is: the field's rules, a custom field's type and options
    const parsed = updateCustomerBodySchema.safeParse(
      custom
        ? { custom_fields: { [custom]: value || null } }
        : { [field]: field === 'first_name' || field === 'last_name' || value ? value : null },
    );
    if (!parsed.success) throw new StepFailure(`${field} cannot be set to "${value}"`);
    if (run.test) return { input, output: { would_set: { [field]: value } } };
    const body = custom
      ? { custom_fields: { ...(customer.customFields as Record<string, never>), ...parsed.data.custom_fields } }
      : parsed.data;
    await asStep(() =>
      createCustomersService(run.ctx).updateIn(tx, run.execution.workspaceId, actorOf(run), customer.id, body),
    );
    return { input, output: { changed: true } };
  },
};
