import type { WorkflowNode } from '@omnichat/contracts';
import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { teams } from '../../platform/identity/teams.tables.ts';
import { workspaceMembers } from '../../platform/identity/workspaces.tables.ts';
import { channels } from '../channels/index.ts';
import { customerTags } from '../customers/index.ts';
import { emailTemplates } from '../email-templates/index.ts';
import { whatsappTemplates } from '../templates/index.ts';

/** A node's setting that names a record of the organization. */
interface Reference {
  node_id: string;
  field: string;
  id: string;
}

/** The records each kind of setting names, by the field it is in. */
const KINDS: Record<string, { table: PgTable; id: PgColumn }> = {
  channel_ids: { table: channels, id: channels.id },
  tag_id: { table: customerTags, id: customerTags.id },
  tag_ids: { table: customerTags, id: customerTags.id },
  template_id: { table: whatsappTemplates, id: whatsappTemplates.id },
  email_template_id: { table: emailTemplates, id: emailTemplates.id },
  team_id: { table: teams, id: teams.id },
  member_id: { table: workspaceMembers, id: workspaceMembers.id },
};

function referencesOf(nodes: WorkflowNode[]): Map<string, Reference[]> {
  const byField = new Map<string, Reference[]>();
  for (const node of nodes)
    for (const [field, value] of Object.entries(node.data)) {
      if (!KINDS[field]) continue;
      const ids = (Array.isArray(value) ? value : [value]).filter((id): id is string => typeof id === 'string');
      for (const id of ids) byField.set(field, [...(byField.get(field) ?? []), { node_id: node.id, field, id }]);
    }
  return byField;
}

/**
 * The settings naming a channel, tag, template, team or member the organization does not have (deleted since, or
 * never its own: RLS hides another organization's), each once per node and field.
 */
export async function brokenReferences(tx: Tx, nodes: WorkflowNode[]): Promise<{ node_id: string; field: string }[]> {
  const broken: { node_id: string; field: string }[] = [];
  for (const [field, references] of referencesOf(nodes)) {
    const { table, id } = KINDS[field]!;
    const ids = [...new Set(references.map((reference) => reference.id))];
    const found = new Set((await tx.select({ id }).from(table).where(inArray(id, ids))).map((row) => row.id as string));
    for (const reference of references)
      if (!found.has(reference.id) && !broken.some((b) => b.node_id === reference.node_id && b.field === field))
        broken.push({ node_id: reference.node_id, field });
  }
  return broken;
}

/** A save naming a record the organization does not have is refused, naming the node and its setting. */
export async function checkReferences(tx: Tx, nodes: WorkflowNode[]) {
  const broken = await brokenReferences(tx, nodes);
  if (!broken.length) return;
  const fields = Object.fromEntries(
    broken.map((b) => [`nodes.${b.node_id}.data.${b.field}`, { key: 'workflow_reference_missing' as const }]),
  );
  throw new AppError(400, 'workflow_reference_missing', {}, fields);
}
