import { addCatalogue, enPages } from '@omnichat/contracts';
import { addFeatureTexts } from '../../../app/i18n/index.ts';
import { templatesEn } from './en.ts';
import { templatesZhCn } from './zh-cn.ts';
import { templatesZhHk } from './zh-hk.ts';

/** The templates page's texts (and the inbox picker's) come with their chunk, as `templates.*`. */
// the contracts' messages of these pages, in English (the other languages carry them already)
addCatalogue('en', enPages);
addFeatureTexts({
  en: { templates: templatesEn },
  'zh-hk': { templates: templatesZhHk },
  'zh-cn': { templates: templatesZhCn },
});
