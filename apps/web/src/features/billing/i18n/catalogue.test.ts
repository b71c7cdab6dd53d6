import { describe, it } from 'vitest';
import { expectCompleteTranslation } from '../../../test/catalogues.ts';
import { billingEn } from './en.ts';
import { billingZhCn } from './zh-cn.ts';
import { billingZhHk } from './zh-hk.ts';

describe('billing texts', () => {
  it.each([
    ['zh-hk', billingZhHk],
    ['zh-cn', billingZhCn],
  ])('%s has every English key, each filled and translated, placeholders kept', (_name, other) => {
    expectCompleteTranslation(billingEn, other, { translated: true });
  });
});
