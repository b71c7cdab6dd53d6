import { addCatalogue, enPages } from '@omnichat/contracts';
import { addFeatureTexts } from '../../../../app/i18n/index.ts';
import { emailTemplatesEn } from './en.ts';
import { emailTemplatesZhCn } from './zh-cn.ts';
import { emailTemplatesZhHk } from './zh-hk.ts';

/** The e-mail templates tab's texts come with its chunk, as `emailTemplates.*`. */
// the contracts' messages of these pages, in English (the other languages carry them already)
addCatalogue('en', enPages);
addFeatureTexts({
  en: { emailTemplates: emailTemplatesEn },
  'zh-hk': { emailTemplates: emailTemplatesZhHk },
  'zh-cn': { emailTemplates: emailTemplatesZhCn },
});
