import { addFeatureTexts } from '../../../app/i18n/index.ts';
import { orgSettingsEn } from './orgSettings.en.ts';
import { orgSettingsZhCn } from './orgSettings.zh-cn.ts';
import { orgSettingsZhHk } from './orgSettings.zh-hk.ts';

/** The pages' texts come with their chunk (as `orgSettings.*`), not with the entry script. */
addFeatureTexts({
  en: { orgSettings: orgSettingsEn },
  'zh-hk': { orgSettings: orgSettingsZhHk },
  'zh-cn': { orgSettings: orgSettingsZhCn },
});
