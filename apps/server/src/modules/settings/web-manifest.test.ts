import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, loginAdmin } from '../../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const manifest = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('application/manifest+json');
  return response.json();
};

describe('web app manifest', () => {
  it("installs the organization app under the platform's name and logo", async () => {
    expect(await manifest()).toMatchObject({
      name: 'OmniChat',
      start_url: '/app',
      display: 'standalone',
      theme_color: '#1677ff',
      icons: [{ src: '/favicon.svg', type: 'image/svg+xml' }],
    });

    const token = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v1/system-setting',
      headers: bearer(token),
      payload: {
        settings: [
          { key: 'system.name', value: 'Acme Customer Chat' },
          { key: 'system.logo', value: 'https://cdn.example.com/acme.png' },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);

    const renamed = await manifest();
    expect(renamed.name).toBe('Acme Customer Chat');
    expect(renamed.short_name).toBe('Acme');
    expect(renamed.icons.map((icon: { src: string }) => icon.src)).toEqual([
      'https://cdn.example.com/acme.png',
      '/favicon.svg',
    ]);
  });
});
