import { addFeatureTexts } from '../../../app/i18n/index.ts';
import { billingEn } from './en.ts';
import { billingZhCn } from './zh-cn.ts';
import { billingZhHk } from './zh-hk.ts';

/** The billing pages' texts come with their chunks (as `billing.*`), not with the entry script. */
addFeatureTexts({
  en: { billing: billingEn },
  'zh-hk': { billing: billingZhHk },
  'zh-cn': { billing: billingZhCn },
});
