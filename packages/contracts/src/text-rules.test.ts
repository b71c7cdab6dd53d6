import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminListQuerySchema, auditLogQuerySchema, workspaceLimitsSchema } from './admin.ts';
import { INT32_MAX, int32Field, PAGE_MAX } from './fields.ts';
import { memberListQuerySchema, pagingQuerySchema } from './members.ts';
import { teamListQuerySchema } from './teams.ts';
import { findInvalidText, isSafeText, safeText, toStorableText } from './text-rules.ts';

describe('text rules', () => {
  it('finds NUL and unpaired surrogates anywhere, and gives the path of the first', () => {
    expect(findInvalidText('fine')).toBeNull();
    expect(findInvalidText({ a: ['x', { b: 'ok 😀 中文' }], n: 1, z: null, t: true })).toBeNull();
    expect(findInvalidText('a\u0000b')).toEqual([]);
    expect(findInvalidText({ user: { name: 'ok', bio: 'x\ud800' } })).toEqual(['user', 'bio']);
    expect(findInvalidText({ list: ['ok', 'ok', '\udc00x'] })).toEqual(['list', 2]);
    expect(findInvalidText({ a: 'ok', b: ['\u0000'], c: '\u0000' })).toEqual(['b', 0]);
    // an unpaired high surrogate at the end, and a low one at the start
    expect(findInvalidText(['end\ud83d'])).toEqual([0]);
    expect(findInvalidText(['\ude00start'])).toEqual([0]);
    // a key with a NUL is refused too, named without the NUL
    expect(findInvalidText({ outer: { 'k\u0000ey': 1 } })).toEqual(['outer', 'k\ufffdey']);
  });

  it('checks single strings with a zod helper that answers the catalogue key', () => {
    expect(isSafeText('a😀b')).toBe(true);
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(toStorableText('a\u0000b\ud800c\ud83d\ude00')).toBe('a\ufffdb\ufffdc\ud83d\ude00');
    const schema = z.object({ name: safeText(z.string().max(10)) });
    expect(schema.safeParse({ name: 'ok' }).success).toBe(true);
    const result = schema.safeParse({ name: 'o\u0000k' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['name'], message: 'text_invalid_characters' });
  });

  it('bounds integers by their int4 column and pages so that an offset cannot overflow', () => {
    expect(int32Field().safeParse(INT32_MAX).success).toBe(true);
    expect(int32Field().safeParse(INT32_MAX + 1).success).toBe(false);
    expect(workspaceLimitsSchema.shape.max_seats.safeParse(2 ** 31).success).toBe(false);
    expect(workspaceLimitsSchema.shape.trial_days.safeParse(2 ** 31 - 1).success).toBe(true);
    for (const schema of [
      adminListQuerySchema,
      auditLogQuerySchema,
      pagingQuerySchema,
      memberListQuerySchema,
      teamListQuerySchema,
    ]) {
      expect(schema.safeParse({ page: String(PAGE_MAX) }).success).toBe(true);
      expect(schema.safeParse({ page: String(PAGE_MAX + 1) }).success).toBe(false);
      expect(schema.safeParse({ page: '1e300' }).success).toBe(false);
      expect(schema.safeParse({ size: '101' }).success).toBe(false);
    }
  });
});
