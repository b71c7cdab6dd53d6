import { describe, expect, it } from 'vitest';
import { notificationsEn } from './en.ts';
import { notificationsZhCn } from './zh-cn.ts';
import { notificationsZhHk } from './zh-hk.ts';

function flatten(value: object, prefix = ''): Record<string, string> {
  return Object.entries(value).reduce<Record<string, string>>((all, [key, inner]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof inner === 'string') all[path] = inner;
    else Object.assign(all, flatten(inner as object, path));
    return all;
  }, {});
}

describe('notification texts', () => {
  const english = flatten(notificationsEn);
  it.each([
    ['zh-hk', flatten(notificationsZhHk)],
    ['zh-cn', flatten(notificationsZhCn)],
  ])('%s has every English key, each filled and translated, placeholders kept', (_name, other) => {
    expect(Object.keys(other).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) {
      expect(other[key]?.trim(), key).toBeTruthy();
      expect(other[key], key).not.toBe(text);
      const placeholders = (value: string) => (value.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect(placeholders(other[key]!), key).toEqual(placeholders(text));
    }
  });

  it('keeps the SPEC words in English', () => {
    expect(Object.values(notificationsEn.errors)).toEqual([
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
