import { describe, it } from 'vitest';
import { expectCompleteTranslation } from '../../../test/catalogues.ts';
import { workflowsEn } from './en.ts';
import { workflowsZhCn } from './zh-cn.ts';
import { workflowsZhHk } from './zh-hk.ts';

describe('workflow texts', () => {
  it.each([
    ['zh-hk', workflowsZhHk],
    ['zh-cn', workflowsZhCn],
  ])('%s has every English key, each filled and translated, placeholders kept', (_name, other) => {
    expectCompleteTranslation(workflowsEn, other, { translated: true });
  });
});
