import { describe, it } from 'vitest';
import { expectCompleteTranslation } from '../../../test/catalogues.ts';
import { broadcastsEn } from './en.ts';
import { broadcastsZhCn } from './zh-cn.ts';
import { broadcastsZhHk } from './zh-hk.ts';

describe('broadcast texts', () => {
  it.each([
    ['zh-hk', broadcastsZhHk],
    ['zh-cn', broadcastsZhCn],
  ])('%s has every English key, each filled and translated, placeholders kept', (_name, other) => {
    expectCompleteTranslation(broadcastsEn, other, { translated: true });
  });
});
