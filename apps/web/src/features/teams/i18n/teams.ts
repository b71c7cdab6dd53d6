import { addFeatureTexts } from '../../../app/i18n/index.ts';
import { teamsEn } from './teams.en.ts';
import { teamsZhCn } from './teams.zh-cn.ts';
import { teamsZhHk } from './teams.zh-hk.ts';

/** The pages' texts come with their chunk (as `teams.*`), not with the entry script. */
addFeatureTexts({
  en: { teams: teamsEn },
  'zh-hk': { teams: teamsZhHk },
  'zh-cn': { teams: teamsZhCn },
});
