import { CUSTOMER_COLUMNS, type Customer, type CustomerFilter } from '@omnichat/contracts';
import { and, desc, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/database.ts';
import { customerWhere, loadFields } from '../customer-query.ts';
import { tagsOf, toCustomerDto } from '../customers.service.ts';
import { type CustomerFieldRow, customers } from '../customers.tables.ts';

/** The columns of an export, an example and an import: the customer's own, then each custom field's key. */
export const headerOf = (fields: Pick<CustomerFieldRow, 'key'>[]) => [...CUSTOMER_COLUMNS, ...fields.map((f) => f.key)];

const text = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join('; ');
  return String(value);
};

export function rowOf(customer: Customer, fields: Pick<CustomerFieldRow, 'key'>[]): string[] {
  return [
    ...CUSTOMER_COLUMNS.map((column) =>
      column === 'tags' ? customer.tags.map((tag) => tag.name).join('; ') : text(customer[column]),
    ),
    ...fields.map((field) => text(customer.custom_fields[field.key])),
  ];
}

const PAGE = 1000;

/**
 * Every customer matching the filter (or the chosen ids), newest first, as file rows after the header, read a
 * page at a time by keyset (so a deep page costs what the first does). `inWorkspace` opens one transaction per
 * page, so an export never holds a transaction while the client is slow to read.
 */
export async function* exportRows(
  workspaceId: string,
  inWorkspace: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>,
  filter: CustomerFilter,
  ids: string[] | undefined,
): AsyncGenerator<string[]> {
  const fields = await inWorkspace((tx) => loadFields(tx));
  yield headerOf(fields);
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const cursor: { createdAt: Date; id: string } | null = after;
    const page = await inWorkspace(async (tx) => {
      const where: SQL | undefined = and(
        ids ? inArray(customers.id, ids) : await customerWhere(tx, workspaceId, filter),
        cursor
          ? or(
              lt(customers.createdAt, cursor.createdAt),
              and(sql`${customers.createdAt} = ${cursor.createdAt}`, lt(customers.id, cursor.id)),
            )
          : undefined,
      );
      const rows = await tx
        .select()
        .from(customers)
        .where(where)
        .orderBy(desc(customers.createdAt), desc(customers.id))
        .limit(PAGE);
      const tags = await tagsOf(
        tx,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({ row, dto: toCustomerDto(row, tags.get(row.id) ?? []) }));
    });
    for (const { dto } of page) yield rowOf(dto, fields);
    if (page.length < PAGE) return;
    const last = page[page.length - 1]!.row;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** The example file: the columns an import reads, and two customers that show what each takes. */
export async function* exampleRows(fields: CustomerFieldRow[]): AsyncGenerator<string[]> {
  yield headerOf(fields);
  const sample = (field: CustomerFieldRow, index: number) =>
    ({
      text: index ? '' : 'A-1001',
      number: index ? '12.5' : '100',
      date: '1990-05-01',
      boolean: index ? 'no' : 'yes',
      single_select: field.options[0] ?? '',
      multi_select: field.options.slice(0, 2).join('; '),
    })[field.type as 'text'] ?? '';
  const people = [
    [
      'ms',
      'Amy',
      'Chan',
      'Amy Chan',
      'Acme Ltd',
      'amy@example.com',
      '+852 5123 4567',
      '85251234567',
      '',
      '',
      "1 Queen's Road",
      '',
      'Hong Kong',
      '',
      '',
      'HK',
      'prefers WhatsApp',
      'VIP; Lead',
    ],
    ['mr', 'Ben', 'Lee', '', '', 'ben@example.com', '6234 5678', '', '', '', '', '', '', '', '', 'HK', '', 'Lead'],
  ];
  for (const [index, person] of people.entries()) yield [...person, ...fields.map((field) => sample(field, index))];
}
