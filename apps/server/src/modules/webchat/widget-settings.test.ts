import { isWithinHours } from '@omnichat/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { json } from '../../../test/test-app.ts';
import { channelsTest, webchatChannel } from '../channels/test-helpers.ts';
import { join } from '../teams/test-helpers.ts';
import { widget } from './test-helpers.ts';

const setup = channelsTest();
let { t, r } = setup;
beforeEach(() => {
  ({ t, r } = setup);
});

const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '00:00', to: '24:00' }));

describe("a web-chat channel's widget", () => {
  it('is set through PUT /v1/channels/{id} and answered by the public config, without secrets', async () => {
    const { owner, channel } = await webchatChannel(t, { name: 'Acme', allowed_origins: ['https://shop.example'] });
    expect(channel.widget).toMatchObject({ color: '#1064e0', title: null, pre_chat: { name: 'off' } });
    const avatar = 'data:image/png;base64,iVBORw0KGgo=';
    const saved = await r.put(`/v1/channels/${channel.id}`, owner.token, {
      widget: {
        color: '#AA3300',
        title: 'Acme support',
        greeting: 'Hi! How can we help?',
        agent_name: 'Mei',
        agent_avatar: avatar,
        pre_chat: { name: 'required', email: 'optional', phone: 'off' },
        offline_message: 'We are away, leave your e-mail',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const widgetSettings = json(saved).data.widget;
    expect(widgetSettings).toMatchObject({ color: '#AA3300', title: 'Acme support', agent_name: 'Mei' });
    // a later change of one field keeps the others
    await r.put(`/v1/channels/${channel.id}`, owner.token, { widget: { pre_chat: { phone: 'optional' } } });
    const stored = json(await r.get(`/v1/channels/${channel.id}`, owner.token)).data.widget;
    expect(stored.pre_chat).toEqual({ name: 'required', email: 'optional', phone: 'optional' });
    expect(stored.greeting).toBe('Hi! How can we help?');

    const config = await widget(t, channel.widget_key).call('GET', '');
    expect(config.statusCode).toBe(200);
    expect(json(config).data).toMatchObject({
      name: 'Acme',
      title: 'Acme support',
      color: '#AA3300',
      greeting: 'Hi! How can we help?',
      agent_name: 'Mei',
      agent_avatar: avatar,
      pre_chat: { name: 'required', email: 'optional', phone: 'optional' },
      online: true,
      offline_message: 'We are away, leave your e-mail',
      // and as the channel's settings name them
      widget: {
        color: '#AA3300',
        title: 'Acme support',
        greeting: 'Hi! How can we help?',
        pre_chat: { name: 'required', email: 'optional', phone: 'optional' },
      },
    });
    for (const secret of ['widget_key', 'allowed_origins', 'workspace', 'shop.example', channel.id])
      expect(config.body).not.toContain(secret);
  });

  it('refuses bad settings with a clear 400 and changes nothing', async () => {
    const { owner, channel } = await webchatChannel(t);
    for (const widgetBody of [
      { color: 'red' },
      { pre_chat: { name: 'maybe' } },
      { business_hours: { enabled: true, hours: [{ day: 1, from: '18:00', to: '09:00' }] } },
      { business_hours: { enabled: true, hours: [{ day: 7, from: '09:00', to: '18:00' }] } },
      { agent_avatar: 'javascript:alert(1)' },
      { title: 'x'.repeat(61) },
    ]) {
      const refused = await r.put(`/v1/channels/${channel.id}`, owner.token, { widget: widgetBody });
      expect(refused.statusCode, JSON.stringify(widgetBody)).toBe(400);
      expect(json(refused).success).toBe(false);
    }
    const color = await r.put(`/v1/channels/${channel.id}`, owner.token, { widget: { color: 'red' } });
    expect(json(color).error).toContain('#RRGGBB');
    expect(json(await r.get(`/v1/channels/${channel.id}`, owner.token)).data.widget).toEqual(channel.widget);
  });

  it("is changed only by the organization's members who may write channels", async () => {
    const { owner, channel } = await webchatChannel(t);
    const outsider = await createOwner(t);
    const change = { widget: { color: '#000000' } };
    expect((await r.put(`/v1/channels/${channel.id}`, outsider.token, change)).statusCode).toBe(404);
    const member = await join(t, owner.workspaceId, 'member', ['channel_read']);
    expect((await r.put(`/v1/channels/${channel.id}`, member.token, change)).statusCode).toBe(403);
    expect(json(await r.get(`/v1/channels/${channel.id}`, owner.token)).data.widget.color).toBe('#1064e0');
  });

  it('is offline outside business hours, in the organization time zone, and online within them', async () => {
    const { owner, channel } = await webchatChannel(t);
    const config = async () => json(await widget(t, channel.widget_key).call('GET', '')).data;
    await r.put(`/v1/channels/${channel.id}`, owner.token, {
      widget: { business_hours: { enabled: true, hours: [] } },
    });
    expect(await config()).toMatchObject({ online: false, offline_message: null });
    await r.put(`/v1/channels/${channel.id}`, owner.token, {
      widget: { business_hours: { enabled: true, hours: ALL_WEEK }, offline_message: 'Back at 9' },
    });
    expect(await config()).toMatchObject({ online: true, offline_message: 'Back at 9', time_zone: expect.any(String) });

    // Monday 2025-03-03 09:30 in Hong Kong is 01:30 UTC
    const hours = { enabled: true, hours: [{ day: 1, from: '09:00', to: '18:00' }] };
    expect(isWithinHours(hours, 'Asia/Hong_Kong', new Date('2025-03-03T01:30:00Z'))).toBe(true);
    expect(isWithinHours(hours, 'UTC', new Date('2025-03-03T01:30:00Z'))).toBe(false);
    expect(isWithinHours(hours, 'Asia/Hong_Kong', new Date('2025-03-03T10:00:00Z'))).toBe(false);
    expect(isWithinHours({ ...hours, enabled: false }, 'UTC', new Date('2025-03-02T01:30:00Z'))).toBe(true);
  });
});
