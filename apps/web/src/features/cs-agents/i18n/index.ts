import { addCatalogue, enPages } from '@omnichat/contracts';
import { addFeatureTexts } from '../../../app/i18n/index.ts';
import { csAgentsEn } from './en.ts';
import { csAgentsZhCn } from './zh-cn.ts';
import { csAgentsZhHk } from './zh-hk.ts';

/** The AI agents' pages' texts come with their chunk, as `csAgents.*`. */
// the contracts' messages of these pages, in English (the other languages carry them already)
addCatalogue('en', enPages);
addFeatureTexts({
  en: { csAgents: csAgentsEn },
  'zh-hk': { csAgents: csAgentsZhHk },
  'zh-cn': { csAgents: csAgentsZhCn },
});
