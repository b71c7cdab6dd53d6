import type { Locale } from '../locales.ts';
import { type Catalogue, en, type MessageKey } from './en.ts';

export type { Catalogue, MessageKey };

/** English is built in; the server adds the others at start (`addAllCatalogues`), the web app when it loads one. */
const catalogues: Partial<Record<Locale, Catalogue>> = { en };

export function addCatalogue(locale: Locale, catalogue: Catalogue): void {
  catalogues[locale] = catalogue;
}

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(en, value);

/** Text of a catalogue key in a locale (English until that locale's catalogue is added), `{name}` filled in. */
export function translate(key: MessageKey, locale: Locale, params: Record<string, string | number> = {}): string {
  const template = catalogues[locale]?.[key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
