import { addCatalogue, enPages } from '@omnichat/contracts';
import { addFeatureTexts } from '../../../app/i18n/index.ts';
import { workflowsEn } from './en.ts';
import { workflowsZhCn } from './zh-cn.ts';
import { workflowsZhHk } from './zh-hk.ts';

/** The workflow pages' texts come with their chunk, as `workflows.*`. */
// the contracts' messages of these pages, in English (the other languages carry them already)
addCatalogue('en', enPages);
addFeatureTexts({
  en: { workflows: workflowsEn },
  'zh-hk': { workflows: workflowsZhHk },
  'zh-cn': { workflows: workflowsZhCn },
});
