import { addCatalogue, enPages } from '@omnichat/contracts';
import { addFeatureTexts } from '../../../app/i18n/index.ts';
import { broadcastsEn } from './en.ts';
import { broadcastsZhCn } from './zh-cn.ts';
import { broadcastsZhHk } from './zh-hk.ts';

/** The broadcasts pages' texts come with their chunk, as `broadcasts.*`. */
// the contracts' messages of these pages, in English (the other languages carry them already)
addCatalogue('en', enPages);
addFeatureTexts({
  en: { broadcasts: broadcastsEn },
  'zh-hk': { broadcasts: broadcastsZhHk },
  'zh-cn': { broadcasts: broadcastsZhCn },
});
