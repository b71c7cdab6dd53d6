import { addFeatureTexts } from '../../../app/i18n/index.ts';
import { mobileAppEn } from './mobileApp.en.ts';
import { mobileAppZhCn } from './mobileApp.zh-cn.ts';
import { mobileAppZhHk } from './mobileApp.zh-hk.ts';

/** The page's texts come with its chunk (as `mobileApp.*`), not with the entry script. */
addFeatureTexts({
  en: { mobileApp: mobileAppEn },
  'zh-hk': { mobileApp: mobileAppZhHk },
  'zh-cn': { mobileApp: mobileAppZhCn },
});
