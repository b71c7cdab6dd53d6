import { describe, it } from 'vitest';
import { expectCompleteTranslation } from '../../../../test/catalogues.ts';
import { emailTemplatesEn } from './en.ts';
import { emailTemplatesZhCn } from './zh-cn.ts';
import { emailTemplatesZhHk } from './zh-hk.ts';

describe('e-mail template texts', () => {
  it.each([
    ['zh-hk', emailTemplatesZhHk],
    ['zh-cn', emailTemplatesZhCn],
  ])('%s has every English key, each filled and translated, placeholders kept', (_name, other) => {
    expectCompleteTranslation(emailTemplatesEn, other, { translated: true });
  });
});
