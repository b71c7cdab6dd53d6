import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createOwner, loginAdmin } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { systemAdmins } from '../../platform/identity/admins.tables.ts';
import { createSecretBox } from '../../platform/secrets/secret-box.ts';
import { createSettingsService } from './settings.service.ts';

/** A settings service over the test's database with the app's key, to read what the app stored. */
const settingsOf = (app: TestApp) => createSettingsService(app.database, createSecretBox(app.config.SECRETS_KEY!));

let t: TestApp;
let superToken: string;
beforeEach(async () => {
  t = await createTestApp();
  superToken = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
});
afterEach(() => t.close());

const put = (token: string, settings: { key: string; value: string }[]) =>
  t.app.inject({ method: 'PUT', url: '/v1/system-setting', headers: bearer(token), payload: { settings } });

describe('system settings', () => {
  it('stores settings and answers the public ones to anybody, never secrets', async () => {
    const response = await put(superToken, [
      { key: 'system.name', value: 'Acme Chat' },
      { key: 'smtp.host', value: 'smtp.example.com' },
      { key: 'smtp.password', value: 'hunter2hunter2' },
    ]);
    expect(response.statusCode).toBe(200);
    const pub = await t.app.inject({
      method: 'GET',
      url: '/public/v1/system-setting?keys=system.name,smtp.host,smtp.password,system.mode',
    });
    expect(json(pub).data).toEqual([
      { key: 'system.mode', value: 'platform' },
      { key: 'system.name', value: 'Acme Chat' },
    ]);
    const all = json(
      await t.app.inject({
        method: 'GET',
        url: '/v1/system-setting?keys=smtp.host,smtp.password',
        headers: bearer(superToken),
      }),
    ).data;
    expect(all).toEqual([
      { key: 'smtp.host', value: 'smtp.example.com' },
      { key: 'smtp.password', value: '********' },
    ]);
  });

  it('keeps a secret when the mask is sent back', async () => {
    await put(superToken, [{ key: 'smtp.password', value: 'first secret' }]);
    await put(superToken, [{ key: 'smtp.password', value: '********' }]);
    expect((await settingsOf(t).values(['smtp.password']))['smtp.password']).toBe('first secret');
  });

  it('refuses unknown keys and changes nothing', async () => {
    const response = await put(superToken, [
      { key: 'system.name', value: 'Changed' },
      { key: 'evil.key', value: 'x' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(json(response).fields).toEqual({ 'settings.1.key': 'the request is invalid' });
    const pub = await t.app.inject({ method: 'GET', url: '/public/v1/system-setting?keys=system.name' });
    expect(json(pub).data).toEqual([{ key: 'system.name', value: 'OmniChat' }]);
  });

  it('publishes a contact address only when it is an e-mail address', async () => {
    const bad = await put(superToken, [{ key: 'system.contact.email', value: 'not an address' }]);
    expect(bad.statusCode).toBe(400);
    expect(json(bad).fields).toEqual({ 'settings.0.value': 'invalid email format' });
    expect((await put(superToken, [{ key: 'system.contact.email', value: 'sales@example.com' }])).statusCode).toBe(200);
    const pub = await t.app.inject({ method: 'GET', url: '/public/v1/system-setting?keys=system.contact.email' });
    expect(json(pub).data).toEqual([{ key: 'system.contact.email', value: 'sales@example.com' }]);
  });

  it("without a contact address answers the SMTP sender, never an admin's own address", async () => {
    const contact = async () =>
      json(await t.app.inject({ method: 'GET', url: '/public/v1/system-setting?keys=system.contact.email' })).data;
    const [first] = await t.database.db.select().from(systemAdmins);
    await t.database.db.update(systemAdmins).set({ email: 'owner@acme.example' }).where(eq(systemAdmins.id, first!.id));
    expect(await contact()).toEqual([{ key: 'system.contact.email', value: '' }]);
    await put(superToken, [{ key: 'smtp.sender', value: 'Acme Support <help@acme.example>' }]);
    expect(await contact()).toEqual([{ key: 'system.contact.email', value: 'help@acme.example' }]);
    // what the admins' settings page reads stays what is stored
    const stored = await t.app.inject({
      method: 'GET',
      url: '/v1/system-setting?keys=system.contact.email',
      headers: bearer(superToken),
    });
    expect(json(stored).data).toEqual([{ key: 'system.contact.email', value: '' }]);
  });

  it('links the source code to the address the operator set, and to none before', async () => {
    const source = async () =>
      json(await t.app.inject({ method: 'GET', url: '/public/v1/system-setting?keys=system.source.url' })).data;
    expect(await source()).toEqual([{ key: 'system.source.url', value: '' }]);
    const bad = await put(superToken, [{ key: 'system.source.url', value: 'javascript:alert(1)' }]);
    expect(bad.statusCode).toBe(400);
    expect(json(bad).fields).toEqual({ 'settings.0.value': 'the address is not valid' });
    await put(superToken, [{ key: 'system.source.url', value: 'https://git.example.com/fork' }]);
    expect(await source()).toEqual([{ key: 'system.source.url', value: 'https://git.example.com/fork' }]);
  });

  it('refuses admins without the admin flag and organization users', async () => {
    const plain = await loginAdmin(t, (await createAdmin(t, { permissions: ['workspace_management_write'] })).username);
    const owner = await createOwner(t);
    for (const token of [plain, owner.token, owner.userToken]) {
      expect((await put(token, [{ key: 'system.name', value: 'Nope' }])).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url: '/v1/system-setting', headers: bearer(token) })).statusCode,
      ).toBe(403);
    }
    expect((await put('', [{ key: 'system.name', value: 'Nope' }])).statusCode).toBe(401);
    const pub = await t.app.inject({ method: 'GET', url: '/public/v1/system-setting?keys=system.name' });
    expect(json(pub).data[0].value).toBe('OmniChat');
  });
});
