import { describe, expect, it } from 'vitest';
import { pathOf } from './endpoint.ts';

describe('endpoint paths', () => {
  it('fill their parameters, encoded, and refuse a missing one', () => {
    expect(pathOf('/v1/teams/:id', { id: 'a b/c' })).toBe('/v1/teams/a%20b%2Fc');
    expect(pathOf('/v1/teams')).toBe('/v1/teams');
    expect(() => pathOf('/v1/teams/:id', {})).toThrow(':id');
  });
});
