import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { whatsappText } from '../../../../test/fakes/meta-webhooks.ts';
import { createOwner } from '../../../../test/fixtures.ts';
import { memoryLogger } from '../../../../test/memory-log.ts';
import { messages } from '../../conversations/conversations.tables.ts';
import { connectWhatsApp, inboxTest, PHONE_NUMBER_ID } from '../../conversations/test-helpers.ts';
import { deliverAll, deliveriesOf, unfinishedIngests } from './test-helpers.ts';

/** the app's log lines from debug up, parsed */
let logged: Record<string, unknown>[];
const inbox = inboxTest({
  overrides: () => {
    const log = memoryLogger('debug');
    logged = log.lines;
    return { logger: log.logger };
  },
});
let { t } = inbox;
beforeEach(() => {
  ({ t } = inbox);
});

const now = () => Math.floor(Date.now() / 1000);
const customer = { phoneNumberId: PHONE_NUMBER_ID, from: '85251234567', name: 'Amy Chan' };
const SKIPPED = 'webhook field nothing answers, skipped';

async function whatsappInbox() {
  const owner = await createOwner(t);
  const channel = await connectWhatsApp(inbox, owner.token);
  return { owner, channel };
}

const textsOf = async (workspaceId: string) =>
  (
    await t.database.withWorkspace(workspaceId, (tx) =>
      tx.select({ text: messages.text }).from(messages).orderBy(messages.seq),
    )
  ).map((message) => message.text);

/** A WhatsApp delivery of one entry whose changes are `changes` (Meta's field and value of each). */
const whatsappChanges = (...changes: { field: string; value: object }[]) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: '102290129340398', changes }],
});

describe('a delivery handed on by Meta’s field', () => {
  it('applies the messages change of an entry and hands its template status change to the templates module, without an error', async () => {
    const { owner, channel } = await whatsappInbox();
    const message = whatsappText({ ...customer, text: 'with a template update', timestamp: now() });
    const body = whatsappChanges(...message.entry[0]!.changes, {
      field: 'message_template_status_update',
      value: {
        event: 'APPROVED',
        message_template_id: 594425479261596,
        message_template_name: 'order_update',
        message_template_language: 'en_US',
        reason: 'NONE',
      },
    });
    await deliverAll(t, channel.id, [body]);
    expect(await textsOf(owner.workspaceId)).toEqual(['with a template update']);
    expect(await deliveriesOf(t, owner.workspaceId)).toEqual([{ processedAt: expect.any(Date), error: null }]);
    // the templates module answers it (a template it does not know changes nothing): nothing is skipped
    expect(logged.filter((line) => line.msg === SKIPPED)).toEqual([]);
    expect(await unfinishedIngests(t, owner.workspaceId)).toEqual([]);
  });

  it('neither errors on a field nothing answers nor holds up the deliveries after it', async () => {
    const { owner, channel } = await whatsappInbox();
    await deliverAll(t, channel.id, [
      whatsappChanges({ field: 'a_field_meta_adds_later', value: { anything: [1, 2, 3] } }),
      whatsappText({ ...customer, text: 'after it', timestamp: now() }),
    ]);
    expect(await textsOf(owner.workspaceId)).toEqual(['after it']);
    expect((await deliveriesOf(t, owner.workspaceId)).map((d) => [d.processedAt !== null, d.error])).toEqual([
      [true, null],
      [true, null],
    ]);
    expect(await unfinishedIngests(t, owner.workspaceId)).toEqual([]);
  });

  it('logs the account’s notices with the channel, by Meta’s names for them only', async () => {
    const { owner, channel } = await whatsappInbox();
    await deliverAll(t, channel.id, [
      whatsappChanges(
        {
          field: 'phone_number_quality_update',
          value: { display_phone_number: '15550783881', event: 'FLAGGED', current_limit: 'TIER_1K' },
        },
        {
          field: 'account_alerts',
          value: {
            entity_type: 'PHONE_NUMBER',
            entity_id: '106540352242922',
            alert_severity: 'WARNING',
            alert_status: 'ACTIVE',
            alert_type: 'INCREASED_CAPABILITIES_ELIGIBILITY',
            alert_description: 'free words about the account',
          },
        },
      ),
    ]);
    const notices = logged.filter((line) => line.msg === 'WhatsApp account notice');
    expect(notices).toEqual([
      expect.objectContaining({
        level: 30,
        channel_id: channel.id,
        field: 'phone_number_quality_update',
        event: 'FLAGGED',
        current_limit: 'TIER_1K',
      }),
      expect.objectContaining({ field: 'account_alerts', alert_severity: 'WARNING', alert_status: 'ACTIVE' }),
    ]);
    expect(JSON.stringify(notices)).not.toMatch(/15550783881|free words/);
    expect(await deliveriesOf(t, owner.workspaceId)).toEqual([{ processedAt: expect.any(Date), error: null }]);
  });

  it('sets aside a delivery that fails to apply, with its error, and applies the channel’s other deliveries', async () => {
    const { owner, channel } = await whatsappInbox();
    // an id too long for the message index: the database refuses the insert
    const tooLong = `wamid.${randomBytes(12_000).toString('base64')}`;
    await deliverAll(t, channel.id, [
      whatsappText({ ...customer, text: 'before', timestamp: now() - 3 }),
      whatsappText({ ...customer, id: tooLong, text: 'cannot be stored', timestamp: now() - 2 }),
      whatsappText({ ...customer, text: 'after', timestamp: now() - 1 }),
    ]);
    expect(await textsOf(owner.workspaceId)).toEqual(['before', 'after']);
    const deliveries = await deliveriesOf(t, owner.workspaceId);
    expect(deliveries.map((d) => [d.processedAt !== null, d.error?.startsWith('not applied: ') ?? null])).toEqual([
      [true, null],
      [true, true],
      [true, null],
    ]);
    expect(deliveries[1]!.error).not.toContain('cannot be stored');
    const setAside = logged.find((line) => line.msg === 'webhook delivery set aside, wholly or in part');
    expect(setAside).toMatchObject({ channel_id: channel.id, delivery_id: expect.any(String) });
    expect(JSON.stringify(logged)).not.toContain('cannot be stored');
    expect(await unfinishedIngests(t, owner.workspaceId)).toEqual([]);

    // and the channel goes on as before
    await deliverAll(t, channel.id, [whatsappText({ ...customer, text: 'later', timestamp: now() })]);
    expect(await textsOf(owner.workspaceId)).toEqual(['before', 'after', 'later']);
  });
});
