import { eq } from 'drizzle-orm';
import { createOwner } from '../../../test/fixtures.ts';
import { channels } from '../channels/index.ts';
import type { channelsTest } from '../channels/test-helpers.ts';
import { connectWhatsApp } from '../conversations/test-helpers.ts';
import { customerTags } from '../customers/customers.tables.ts';
import { customers, customerTagLinks } from '../customers/index.ts';
import { whatsappTemplates } from '../templates/index.ts';

export const PATH = '/v1/broadcasts';
export type BroadcastTestApp = ReturnType<typeof channelsTest>;

export type Person = {
  first?: string;
  whatsapp?: string | null;
  phone?: string | null;
  optOut?: boolean;
  tag?: boolean;
};

export type SetupOptions = { category?: 'marketing' | 'utility'; mps?: number };

/**
 * An organization's owner, its WhatsApp channel (on the fake Graph), an approved template and a `vip` tag, and
 * customers (tagged `vip` unless `tag: false`); `body` is a broadcast of that template to the tag.
 */
export async function broadcastSetup(app: BroadcastTestApp, people: Person[], options: SetupOptions = {}) {
  const { t, r } = app;
  const owner = await createOwner(t);
  const channel = await connectWhatsApp(app, owner.token);
  const ws = owner.workspaceId;
  const made = await t.database.withWorkspace(ws, async (tx) => {
    if (options.mps)
      await tx.update(channels).set({ messagesPerSecond: options.mps }).where(eq(channels.id, channel.id));
    const [template] = await tx
      .insert(whatsappTemplates)
      .values({
        workspaceId: ws,
        channelId: channel.id,
        externalId: '1234567890123456',
        name: 'order_ready',
        language: 'en_US',
        category: options.category ?? 'utility',
        status: 'approved',
        header: { type: 'none' },
        body: 'Hello {{1}}, your order {{2}} is ready',
        parameters: [
          { key: '1', value: 'Ann' },
          { key: '2', value: 'A-1' },
        ],
        buttons: [],
      })
      .returning();
    const [tag] = await tx.insert(customerTags).values({ workspaceId: ws, name: 'vip', color: 'blue' }).returning();
    const rows = people.length
      ? await tx
          .insert(customers)
          .values(
            people.map((p, i) => ({
              workspaceId: ws,
              firstName: p.first ?? `Cust${i}`,
              lastName: 'X',
              displayName: `${p.first ?? `Cust${i}`} X`,
              whatsappId: p.whatsapp === undefined ? `8525100${String(i).padStart(4, '0')}` : p.whatsapp,
              phone: p.phone ?? null,
              marketingOptOut: p.optOut ?? false,
            })),
          )
          .returning()
      : [];
    const tagged = rows.filter((_, i) => people[i]!.tag !== false);
    if (tagged.length)
      await tx
        .insert(customerTagLinks)
        .values(tagged.map((c) => ({ workspaceId: ws, customerId: c.id, tagId: tag!.id })));
    return { template: template!, tag: tag!, customers: rows };
  });
  const body = (extra: object = {}) => ({
    name: 'Spring sale',
    channel_id: channel.id,
    template_id: made.template.id,
    parameters: [
      { key: '2', value: 'A-1' },
      { key: '1', field: 'first_name' },
    ],
    audience: { tag_ids: [made.tag.id] },
    ...extra,
  });
  return { owner, channel, ...made, body, t, r };
}
