import type { Locale } from '../locales.ts';
import type { Catalogue } from './en.ts';
import { en } from './en.ts';
import { addCatalogue } from './index.ts';
import { zhCn } from './zh-cn.ts';
import { zhHk } from './zh-hk.ts';

export { zhCn, zhHk };
export const CATALOGUES: Record<Locale, Catalogue> = { en, 'zh-hk': zhHk, 'zh-cn': zhCn };

/** Makes every language's texts available to `translate` (the server speaks all of them from the start). */
export function addAllCatalogues(): void {
  for (const [locale, catalogue] of Object.entries(CATALOGUES)) addCatalogue(locale as Locale, catalogue);
}
