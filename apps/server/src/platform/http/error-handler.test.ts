import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, loginAdmin } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { fieldWords } from './error-handler.ts';

describe('field names in validation messages', () => {
  it('are words a person reads, not paths', () => {
    expect(fieldWords('display_name')).toBe('display name');
    expect(fieldWords('settings.0.value')).toBe('value');
    expect(fieldWords('widget.preChat.email')).toBe('email');
    expect(fieldWords('autoAssign')).toBe('auto assign');
  });

  describe('in answers', () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp();
    });
    afterEach(() => t.close());

    it('a missing nested value names the field, the path stays the key of `fields`', async () => {
      const token = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
      const response = await t.app.inject({
        method: 'PUT',
        url: '/v1/system-setting',
        headers: bearer(token),
        payload: { settings: [{ key: 'system.name' }] },
      });
      expect(response.statusCode).toBe(400);
      expect(json(response).fields).toEqual({ 'settings.0.value': 'value is required' });
      expect(json(response).error).toBe('value is required');
    });
  });
});
