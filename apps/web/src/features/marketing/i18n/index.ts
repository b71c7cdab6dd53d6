import { addFeatureTexts } from '../../../app/i18n/index.ts';
import { marketingEn } from './en.ts';
import { marketingZhCn } from './zh-cn.ts';
import { marketingZhHk } from './zh-hk.ts';

/** The marketing pages' texts come with their chunk (as `marketing.*`). */
addFeatureTexts({
  en: { marketing: marketingEn },
  'zh-hk': { marketing: marketingZhHk },
  'zh-cn': { marketing: marketingZhCn },
});
