import { addFeatureTexts } from '../../../app/i18n/index.ts';
import { adminPagesEn } from './en.ts';
import { adminPagesZhCn } from './zh-cn.ts';
import { adminPagesZhHk } from './zh-hk.ts';

/** The admin panel's texts come with its chunks (as `adminPages.*`). */
addFeatureTexts({
  en: { adminPages: adminPagesEn },
  'zh-hk': { adminPages: adminPagesZhHk },
  'zh-cn': { adminPages: adminPagesZhCn },
});
