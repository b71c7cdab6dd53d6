import type { Locale } from '../locales.ts';
import { en } from './en.ts';
import { enPages } from './en-pages.ts';
import { addCatalogue, type MessageKey } from './index.ts';
import { serverEn } from './server-en.ts';
import { serverZhCn } from './server-zh-cn.ts';
import { serverZhHk } from './server-zh-hk.ts';
import { zhCn } from './zh-cn.ts';
import { zhHk } from './zh-hk.ts';

/**
 * Every language's texts, shared and server-only: the server's catalogue (`@omnichat/contracts/server-messages`).
 * The web app imports only the shared parts, from `@omnichat/contracts`, so the server's texts stay out of its bundle.
 */
export const CATALOGUES: Record<Locale, Record<MessageKey, string>> = {
  en: { ...en, ...enPages, ...serverEn },
  'zh-hk': { ...zhHk, ...serverZhHk },
  'zh-cn': { ...zhCn, ...serverZhCn },
};

/** Makes every language's texts available to `translate` (the server speaks all of them from the start). */
export function addAllCatalogues(): void {
  for (const [locale, catalogue] of Object.entries(CATALOGUES)) addCatalogue(locale as Locale, catalogue);
}
