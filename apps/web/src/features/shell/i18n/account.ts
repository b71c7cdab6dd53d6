import { addFeatureTexts } from '../../../app/i18n/index.ts';
import { accountEn } from './account.en.ts';
import { accountZhCn } from './account.zh-cn.ts';
import { accountZhHk } from './account.zh-hk.ts';

/** The pages' texts come with their chunk (as `account.*`), not with the entry script. */
addFeatureTexts({
  en: { account: accountEn },
  'zh-hk': { account: accountZhHk },
  'zh-cn': { account: accountZhCn },
});
