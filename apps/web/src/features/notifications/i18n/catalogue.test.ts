import { describe, expect, it } from 'vitest';
import { expectCompleteTranslation } from '../../../test/catalogues.ts';
import { notificationsEn } from './en.ts';
import { notificationsZhCn } from './zh-cn.ts';
import { notificationsZhHk } from './zh-hk.ts';

describe('notification texts', () => {
  it.each([
    ['zh-hk', notificationsZhHk],
    ['zh-cn', notificationsZhCn],
  ])('%s has every English key, each filled and translated, placeholders kept', (_name, other) => {
    expectCompleteTranslation(notificationsEn, other, { translated: true });
  });

  it('keeps the SPEC words in English', () => {
    const { 'read-all': readAll, ...spec } = notificationsEn.errors;
    expect(readAll).toBe('Failed to mark all notifications as read');
    expect(Object.values(spec)).toEqual([
      'Invalid response format',
      'Query failed: {{error}}',
      'Failed to send query',
      'Failed to mark notification as read',
      'Failed to pin/unpin notification',
      'Failed to delete notification',
      'Failed to delete read notifications',
      'Failed to delete all notifications',
      'Failed to connect to WebSocket',
    ]);
    expect(notificationsEn.panel.unknownTime).toBe('Unknown time');
    expect(notificationsEn.panel.clearAllConfirm).toBe(
      'are you sure you want to delete all notifications? This action cannot be undone',
    );
    expect(notificationsEn.push.deniedHint).toBe(
      'permission denied for push notifications, enable in browser settings',
    );
    expect(notificationsEn.push.unsupportedHint).toBe('web push not supported in this browser');
  });
});
