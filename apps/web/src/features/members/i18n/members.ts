import { addFeatureTexts } from '../../../app/i18n/index.ts';
import { membersEn } from './members.en.ts';
import { membersZhCn } from './members.zh-cn.ts';
import { membersZhHk } from './members.zh-hk.ts';

/** The pages' texts come with their chunk (as `members.*`), not with the entry script. */
addFeatureTexts({
  en: { members: membersEn },
  'zh-hk': { members: membersZhHk },
  'zh-cn': { members: membersZhCn },
});
