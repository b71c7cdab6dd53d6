import {
  CUSTOMER_LIMITS,
  type CustomerField,
  type customerFieldBodySchema,
  type updateCustomerFieldBodySchema,
} from '@omnichat/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { loadFields } from './customer-query.ts';
import { type CustomerFieldRow, customerFields, customers } from './customers.tables.ts';

type FieldBody = z.output<typeof customerFieldBodySchema>;
type FieldUpdate = z.output<typeof updateCustomerFieldBodySchema>;

const toFieldDto = (row: CustomerFieldRow): CustomerField => ({
  id: row.id,
  key: row.key,
  type: row.type as CustomerField['type'],
  label: row.label,
  labels: row.labels,
  options: row.options,
  required: row.required,
  position: row.position,
});

export type CustomerFieldsService = ReturnType<typeof createCustomerFieldsService>;

export function createCustomerFieldsService(ctx: AppContext) {
  const { database } = ctx;

  async function one(tx: Tx, id: string) {
    const [row] = await tx.select().from(customerFields).where(eq(customerFields.id, id));
    if (!row) throw notFound();
    return row;
  }

  const list = (workspaceId: string) =>
    database.withWorkspace(workspaceId, async (tx) => (await loadFields(tx)).map(toFieldDto));

  async function create(workspaceId: string, body: FieldBody) {
    return database.withWorkspace(workspaceId, async (tx) => {
      const existing = await tx.$count(customerFields);
      if (existing >= CUSTOMER_LIMITS.fieldsPerOrganization)
        throw new AppError(409, 'field_limit_reached', { max: CUSTOMER_LIMITS.fieldsPerOrganization });
      if (await tx.$count(customerFields, eq(customerFields.key, body.key)))
        throw new AppError(409, 'field_key_exists', {}, { key: { key: 'field_key_exists' } });
      const [row] = await tx
        .insert(customerFields)
        .values({
          workspaceId,
          key: body.key,
          type: body.type,
          label: body.label,
          labels: body.labels ?? {},
          options: body.type.endsWith('_select') ? body.options : [],
          required: body.required,
          position: body.position ?? existing,
        })
        .returning();
      return toFieldDto(row!);
    });
  }

  async function update(workspaceId: string, id: string, body: FieldUpdate) {
    return database.withWorkspace(workspaceId, async (tx) => {
      const current = await one(tx, id);
      const isSelect = current.type.endsWith('_select');
      if (body.options !== undefined && isSelect && body.options.length === 0)
        throw fieldError('options', 'field_options_required');
      const [row] = await tx
        .update(customerFields)
        .set({
          ...(body.label !== undefined && { label: body.label }),
          ...(body.labels !== undefined && { labels: body.labels }),
          ...(body.options !== undefined && isSelect && { options: body.options }),
          ...(body.required !== undefined && { required: body.required }),
          ...(body.position !== undefined && { position: body.position }),
          updatedAt: new Date(),
        })
        .where(eq(customerFields.id, id))
        .returning();
      return toFieldDto(row!);
    });
  }

  /** Deletes the field and drops its value from every customer of the organization. */
  async function remove(workspaceId: string, id: string) {
    await database.withWorkspace(workspaceId, async (tx) => {
      const field = await one(tx, id);
      await tx.delete(customerFields).where(eq(customerFields.id, id));
      await tx
        .update(customers)
        .set({ customFields: sql`${customers.customFields} - ${field.key}` })
        .where(sql`${customers.customFields} ? ${field.key}`);
    });
  }

  return { list, create, update, remove };
}
