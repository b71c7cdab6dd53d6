import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, loginAdmin } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { createSecretBox, loadSecretsKey } from '../../platform/secrets/secret-box.ts';
import { createSettingsService } from './settings.service.ts';
import { systemSettings } from './settings.tables.ts';

let t: TestApp;
let superToken: string;
beforeEach(async () => {
  t = await createTestApp();
  superToken = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
});
afterEach(() => t.close());

const put = (settings: { key: string; value: string }[], token = superToken) =>
  t.app.inject({ method: 'PUT', url: '/v1/system-setting', headers: bearer(token), payload: { settings } });
const stored = async (key: string) =>
  (await t.database.db.select().from(systemSettings).where(eq(systemSettings.key, key)))[0]?.value;

describe('secret settings at rest', () => {
  it('stores secrets encrypted with a fresh IV each time, and reads them back decrypted', async () => {
    await put([
      { key: 'smtp.password', value: 'hunter2hunter2' },
      { key: 'stripe.secret_key', value: 'hunter2hunter2' },
      { key: 'smtp.host', value: 'mail.example.com' },
    ]);
    const password = await stored('smtp.password');
    const stripe = await stored('stripe.secret_key');
    expect(password).toMatch(/^enc:v1:/);
    expect(password).not.toContain('hunter2');
    expect(stripe).not.toBe(password);
    expect(await stored('smtp.host')).toBe('mail.example.com');

    const service = createSettingsService(t.database, createSecretBox(t.config.SECRETS_KEY!));
    expect(await service.values(['smtp.password', 'stripe.secret_key'])).toEqual({
      'smtp.password': 'hunter2hunter2',
      'stripe.secret_key': 'hunter2hunter2',
    });
    const listed = json(
      await t.app.inject({ method: 'GET', url: '/v1/system-setting?keys=smtp.password', headers: bearer(superToken) }),
    );
    expect(listed.data).toEqual([{ key: 'smtp.password', value: '********' }]);
    // another key cannot open them
    const other = createSettingsService(t.database, createSecretBox('another-key-that-is-long-enough-1234'));
    await expect(other.values(['smtp.password'])).rejects.toThrow();
  });

  it('reads a secret stored in plain text before encryption existed', async () => {
    await t.database.db.insert(systemSettings).values({ key: 'cs_agent.llm.api_key', value: 'legacy-plain' });
    const service = createSettingsService(t.database, createSecretBox(t.config.SECRETS_KEY!));
    expect((await service.values(['cs_agent.llm.api_key']))['cs_agent.llm.api_key']).toBe('legacy-plain');
  });

  it('generates the key file once with mode 0600 when SECRETS_KEY is unset', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'omnichat-secrets-'));
    try {
      const first = await loadSecretsKey(undefined, path.join(dir, 'data'));
      const second = await loadSecretsKey(undefined, path.join(dir, 'data'));
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(second).toBe(first);
      expect(statSync(path.join(dir, 'data', 'secrets.key')).mode & 0o777).toBe(0o600);
      expect(await loadSecretsKey('configured-key-that-is-long-enough-123', dir)).toBe(
        'configured-key-that-is-long-enough-123',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('system defaults for new organizations', () => {
  it('accepts limits as whole numbers or empty and permission lists of known names', async () => {
    const response = await put([
      { key: 'defaults.workspace.max_seats', value: '10' },
      { key: 'defaults.workspace.member_limit', value: '' },
      { key: 'defaults.workspace.trial_days', value: '14' },
      { key: 'defaults.member.permissions', value: '["conversation_read","customer_read"]' },
      { key: 'defaults.team.permissions', value: '[]' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).data).toContainEqual({ key: 'defaults.workspace.max_seats', value: '10' });
    expect(await stored('defaults.member.permissions')).toBe('["conversation_read","customer_read"]');
  });

  it('refuses bad values with a field error per value, and stores none of the batch', async () => {
    const response = await put([
      { key: 'system.name', value: 'Renamed' },
      { key: 'defaults.workspace.channel_limit', value: '-1' },
      { key: 'defaults.workspace.ai_agent_limit', value: '2.5' },
      { key: 'defaults.member.permissions', value: '["conversation_read","fly_to_the_moon"]' },
      { key: 'defaults.team.permissions', value: 'not json' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(json(response).fields).toEqual({
      'settings.1.value': 'must be a whole number of at least 0, or empty for unlimited',
      'settings.2.value': 'must be a whole number of at least 0, or empty for unlimited',
      'settings.3.value': 'must be a JSON list of known permission names',
      'settings.4.value': 'must be a JSON list of known permission names',
    });
    expect(await stored('system.name')).toBeUndefined();
  });
});

describe('auditing setting changes', () => {
  it('records before and after of the changed keys, secrets never in clear', async () => {
    await put([{ key: 'system.name', value: 'First' }]);
    await put([
      { key: 'system.name', value: 'Second' },
      { key: 'system.copyright', value: '' },
      { key: 'smtp.password', value: 'very secret value' },
    ]);
    const logs = json(
      await t.app.inject({
        method: 'GET',
        url: '/v1/admin/audit-logs?action=setting.update',
        headers: bearer(superToken),
      }),
    );
    expect(logs.page).toMatchObject({ total: 2 });
    const newest = logs.data[0];
    expect(newest).toMatchObject({ action: 'setting.update', actor_type: 'admin', workspace_id: null });
    expect(newest.before['system.name']).toBe('First');
    expect(newest.after['system.name']).toBe('Second');
    expect(newest.after).not.toHaveProperty('system.copyright');
    expect(JSON.stringify(logs.data)).not.toContain('very secret value');
    expect(newest.after).toHaveProperty('smtp.password');
  });
});
