import { addFeatureTexts } from '../../../app/i18n/index.ts';
import { authEn } from './auth.en.ts';
import { authZhCn } from './auth.zh-cn.ts';
import { authZhHk } from './auth.zh-hk.ts';

/** The pages' texts come with their chunk (as `auth.*`), not with the entry script. */
addFeatureTexts({
  en: { auth: authEn },
  'zh-hk': { auth: authZhHk },
  'zh-cn': { auth: authZhCn },
});
