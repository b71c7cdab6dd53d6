import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseSocketPush } from './parse-push.ts';

describe('socket pushes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('are read in their catalogued shape, and refused (logged) in another', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const id = '0b6b8f1e-8d2a-4c55-9a55-0d8f5c1b2a01';
    expect(parseSocketPush('member.left', { id })).toEqual({ id });
    expect(error).not.toHaveBeenCalled();
    expect(parseSocketPush('member.left', { id: 42 })).toBeNull();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('member.left'), expect.anything());
    expect(parseSocketPush('conversation.typing', { ok: true })).toBeNull();
  });
});
