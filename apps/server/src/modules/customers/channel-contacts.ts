import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { insertMany } from '../../platform/db/insert-many.ts';
import { searchText } from './customer-query.ts';
import { type CustomerRow, customers } from './customers.tables.ts';

/** Who wrote in on a channel, as Meta names them. */
export interface ChannelContact {
  source: 'whatsapp' | 'messenger' | 'instagram' | 'webchat';
  /** the channel's id for the person: WhatsApp's wa_id (or user_id for a username that hides its number), a PSID, an Instagram-scoped id */
  externalId: string;
  /** E.164, when the channel tells it (WhatsApp's wa_id is the number without its +) */
  phone?: string | null;
  /** the profile name, when the channel tells it */
  name?: string | null;
}

const COLUMN = { whatsapp: 'whatsappId', messenger: 'facebookId', instagram: 'instagramId' } as const;

/** "Amy Chan" → Amy / Chan; one word is a first name; no name is the channel's id, so the record still reads. */
function namesOf(contact: ChannelContact) {
  const name = (contact.name ?? '').trim().replace(/\s+/g, ' ').slice(0, 99);
  const words = name ? name.split(' ') : [];
  const fallback = contact.phone ?? contact.externalId;
  return {
    firstName: (words[0] ?? fallback).slice(0, 49),
    lastName: words.slice(1).join(' ').slice(0, 49),
    displayName: name || fallback,
  };
}

/** A new customer from a channel's contact, with its search text. */
function newCustomer(workspaceId: string, contact: ChannelContact) {
  const values = {
    workspaceId,
    ...namesOf(contact),
    phone: contact.phone ?? null,
    [COLUMN[contact.source as keyof typeof COLUMN]]: contact.externalId,
    source: contact.source,
  };
  return { ...values, search: searchText(values) };
}

/**
 * The customer a channel's contact is: found by the channel's id, else (WhatsApp) by the phone number, which then
 * gets the id; otherwise a new customer from the channel. Runs in the caller's transaction.
 */
export async function customerOfContact(tx: Tx, workspaceId: string, contact: ChannelContact): Promise<CustomerRow> {
  if (contact.source === 'webchat') throw new Error('web-chat visitors are linked by the web-chat channel');
  const column = customers[COLUMN[contact.source]];
  const [known] = await tx.select().from(customers).where(eq(column, contact.externalId));
  if (known) return known;
  if (contact.phone) {
    const [byPhone] = await tx
      .update(customers)
      .set({ whatsappId: contact.externalId, updatedAt: new Date() })
      .where(sql`${customers.phone} = ${contact.phone} and ${customers.whatsappId} is null`)
      .returning();
    if (byPhone) return byPhone;
  }
  const values = newCustomer(workspaceId, contact);
  // two deliveries of one new contact at once: the second finds the first's row
  const [created] = await tx.insert(customers).values(values).onConflictDoNothing().returning();
  if (created) return created;
  const [raced] = await tx.select().from(customers).where(eq(column, contact.externalId));
  if (raced) return raced;
  // the phone belongs to a customer with another WhatsApp id: this contact becomes a customer of its own
  const [own] = await tx
    .insert(customers)
    .values({ ...values, phone: null, search: searchText({ ...values, phone: null }) })
    .returning();
  return own!;
}

/**
 * The customers of many contacts of one channel (a webhook batch), as `customerOfContact` finds them, in a few
 * statements: the known ones, those a phone number links, the new ones; a clash falls back to one at a time.
 * Keyed by the contact's channel id.
 */
export async function customersOfContacts(
  tx: Tx,
  workspaceId: string,
  contacts: ChannelContact[],
): Promise<Map<string, CustomerRow>> {
  const found = new Map<string, CustomerRow>();
  const bySource = new Map<keyof typeof COLUMN, ChannelContact[]>();
  for (const contact of contacts) {
    if (contact.source === 'webchat') continue;
    const group = bySource.get(contact.source) ?? [];
    group.push(contact);
    bySource.set(contact.source, group);
  }
  for (const [source, group] of bySource) {
    const key = COLUMN[source];
    const take = (rows: CustomerRow[]) => {
      for (const row of rows) found.set(row[key]!, row);
    };
    const unknown = () => [
      ...new Map(group.filter((c) => !found.has(c.externalId)).map((c) => [c.externalId, c])).values(),
    ];
    take(
      await tx
        .select()
        .from(customers)
        .where(inArray(customers[key], [...new Set(group.map((c) => c.externalId))])),
    );
    // WhatsApp: a customer added by hand with this phone number takes the WhatsApp id
    const byPhone = [...new Map(unknown().flatMap((c) => (c.phone ? [[c.phone, c] as const] : []))).values()];
    if (byPhone.length) {
      const pairs = sql.join(
        byPhone.map((c) => sql`(${c.phone}, ${c.externalId})`),
        sql`, `,
      );
      take(
        await tx
          .update(customers)
          .set({ whatsappId: sql`v.wa_id`, updatedAt: new Date() })
          .from(sql`(values ${pairs}) as v(phone, wa_id)`)
          .where(sql`${customers.phone} = v.phone and ${customers.whatsappId} is null`)
          .returning(),
      );
    }
    const fresh = unknown();
    if (fresh.length)
      take(
        await insertMany(
          tx,
          customers,
          fresh.map((contact) => newCustomer(workspaceId, contact)),
          { onConflictDoNothing: true },
        ),
      );
    // what a clash left (a phone another customer holds, a contact created at the same moment): one by one
    for (const contact of unknown()) found.set(contact.externalId, await customerOfContact(tx, workspaceId, contact));
  }
  return found;
}

/** What a web-chat visitor told of themselves; `fallbackName` names them when they gave no name. */
export interface VisitorDetails {
  name?: string | null;
  /** lower case */
  email?: string | null;
  /** E.164 */
  phone?: string | null;
  fallbackName: string;
}

/** Whether another customer of the organization already has this e-mail or phone. */
async function held(tx: Tx, column: typeof customers.email | typeof customers.phone, value: string) {
  return (await tx.select({ id: customers.id }).from(customers).where(eq(column, value)).limit(1)).length > 0;
}

/**
 * A web-chat visitor's customer: the name they gave (else `fallbackName`), with the e-mail and phone they gave
 * unless another customer already has them (a visitor proves neither: they stay on the visitor for agents to
 * merge, and never lead a stranger into that customer's thread).
 */
export async function customerOfVisitor(tx: Tx, workspaceId: string, details: VisitorDetails): Promise<CustomerRow> {
  const names = namesOf({ source: 'webchat', externalId: details.fallbackName, name: details.name });
  const email = details.email && !(await held(tx, customers.email, details.email)) ? details.email : null;
  const phone = details.phone && !(await held(tx, customers.phone, details.phone)) ? details.phone : null;
  const values = { workspaceId, ...names, email, phone, source: 'webchat' as const };
  const [created] = await tx
    .insert(customers)
    .values({ ...values, search: searchText(values) })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  // another customer took the e-mail or phone at the same moment
  const plain = { ...values, email: null, phone: null };
  const [own] = await tx
    .insert(customers)
    .values({ ...plain, search: searchText(plain) })
    .returning();
  return own!;
}

/** The e-mail a visitor left goes on their customer when it has none and no other customer has it. */
export async function addVisitorEmail(tx: Tx, customerId: string, email: string): Promise<void> {
  if (await held(tx, customers.email, email)) return;
  const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId));
  if (!customer || customer.email) return;
  const values = { ...customer, email };
  await tx
    .update(customers)
    .set({ email, search: searchText(values), updatedAt: new Date() })
    .where(eq(customers.id, customerId));
}
