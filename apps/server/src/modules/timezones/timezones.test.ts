import { formatOffset } from '@omnichat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginUser } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { offsetOf } from './timezones.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginUser(t, (await createUser(t)).username);
});
afterAll(() => t.close());

describe('time zones', () => {
  it('answers one zone with its offset in hours × 100', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/timezone',
      headers: bearer(token),
      payload: { identifier: 'Asia/Kolkata' },
    });
    expect(json(response).data).toEqual({ identifier: 'Asia/Kolkata', offset: 550 });
    const legacy = await t.app.inject({
      method: 'POST',
      url: '/v1/timezone',
      headers: bearer(token),
      payload: { identifier: 'asia/calcutta' },
    });
    expect(json(legacy).data.identifier).toBe('Asia/Kolkata');
    expect(formatOffset(550)).toBe('+05:30');
    expect(formatOffset(-300)).toBe('-03:00');
    expect(formatOffset(0)).toBe('+00:00');
  });

  it('follows daylight saving time', () => {
    expect(offsetOf('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe(-500);
    expect(offsetOf('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe(-400);
    expect(offsetOf('Asia/Kathmandu')).toBe(575);
  });

  it('searches by keyword, spaces matching underscores', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/timezone?keyword=hong%20kong',
      headers: bearer(token),
    });
    expect(json(response).data).toEqual([{ identifier: 'Asia/Hong_Kong', offset: 800 }]);
  });

  it('answers an unknown zone with a field error and needs a signed-in caller', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/v1/timezone',
      headers: bearer(token),
      payload: { identifier: 'Nowhere/Land' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).fields).toEqual({ identifier: 'time zone not found' });
    expect((await t.app.inject({ method: 'GET', url: '/v1/timezone' })).statusCode).toBe(401);
  });
});
