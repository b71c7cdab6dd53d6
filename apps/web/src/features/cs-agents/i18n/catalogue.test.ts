import { describe, it } from 'vitest';
import { expectCompleteTranslation } from '../../../test/catalogues.ts';
import { csAgentsEn } from './en.ts';
import { csAgentsZhCn } from './zh-cn.ts';
import { csAgentsZhHk } from './zh-hk.ts';

describe('AI agent texts', () => {
  it.each([
    ['zh-hk', csAgentsZhHk],
    ['zh-cn', csAgentsZhCn],
  ])('%s has every English key, each filled and translated, placeholders kept', (_name, other) => {
    expectCompleteTranslation(csAgentsEn, other, { translated: true });
  });
});
