import { describe, expect, it } from 'vitest';
import { instagramMessage, messengerMessage, whatsappText } from '../../../../test/fakes/meta-webhooks.ts';
import { deliveryParts } from './delivery-parts.ts';

const whatsapp = { type: 'whatsapp' } as const;
const instagram = { type: 'instagram' } as const;
const sender = { phoneNumberId: '106540352242922', from: '85251234567', name: 'Amy Chan' };
const ig = { accountId: '17841400000000001', igsid: '7000000000000001' };

describe('a delivery split by Meta’s field', () => {
  it('WhatsApp: each change of each entry by its field, with its place and value', () => {
    const message = whatsappText({ ...sender, text: 'hi' });
    const quality = { field: 'phone_number_quality_update', value: { event: 'FLAGGED' } };
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        { id: '1', changes: [...message.entry[0]!.changes, 'nonsense', { value: {} }] },
        { id: '1', changes: [quality] },
      ],
    };
    expect(deliveryParts(whatsapp, body)).toEqual({
      parts: [
        { field: 'messages', place: 'entry[0].changes[0]', value: message.entry[0]!.changes[0]!.value },
        // a change that is no object, or has no field, says nothing
        { field: 'phone_number_quality_update', place: 'entry[1].changes[0]', value: { event: 'FLAGGED' } },
      ],
      problems: [],
    });
  });

  it('Messenger and Instagram: messaging items as the messages field, an entry’s changes by their field', () => {
    const body = instagramMessage({ ...ig, mid: 'ig_1', text: 'hi' });
    const comment = { field: 'comments', value: { id: '1790', text: 'nice' } };
    const withComment = { ...body, entry: [...body.entry, { id: ig.accountId, time: 1, changes: [comment] }] };
    expect(deliveryParts(instagram, withComment)).toEqual({
      parts: [
        { field: 'messages', place: 'entry[0].messaging[0]', value: body.entry[0]!.messaging[0] },
        { field: 'comments', place: 'entry[1].changes[0]', value: comment.value },
      ],
      problems: [],
    });
  });

  it('names an envelope it cannot read, never its content', () => {
    expect(deliveryParts(whatsapp, { object: 'page', entry: [] }).problems).toEqual([
      'not a WhatsApp Business Account delivery',
    ]);
    expect(deliveryParts(whatsapp, '[]').problems).toEqual(['not a WhatsApp Business Account delivery']);
    expect(deliveryParts(whatsapp, { object: 'whatsapp_business_account', entry: [{ id: '1' }] })).toEqual({
      parts: [],
      problems: ['entry[0]: no changes'],
    });
    expect(deliveryParts(instagram, messengerMessage({ pageId: '200000000000001', psid: '6', text: 'hi' }))).toEqual({
      parts: [],
      problems: ['not a delivery of object "instagram"'],
    });
    expect(deliveryParts(instagram, { object: 'instagram', entry: [{ messaging: 'secret' }] })).toEqual({
      parts: [],
      problems: ['entry[0].messaging: not a list'],
    });
    expect(deliveryParts({ type: 'webchat' }, {}).problems).toEqual(['web chat takes no webhook deliveries']);
  });
});
