import { addFeatureTexts } from '../../../app/i18n/index.ts';
import { joinEn } from './join.en.ts';
import { joinZhCn } from './join.zh-cn.ts';
import { joinZhHk } from './join.zh-hk.ts';

/** The page's texts come with its chunk (as `join.*`), not with the entry script. */
addFeatureTexts({
  en: { join: joinEn },
  'zh-hk': { join: joinZhHk },
  'zh-cn': { join: joinZhCn },
});
