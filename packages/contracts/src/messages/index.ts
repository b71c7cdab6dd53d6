import type { Locale } from '../locales.ts';
import { type Catalogue, en, type SharedMessageKey } from './en.ts';

export type { Catalogue, SharedMessageKey };

/**
 * The keys only the server speaks: empty here, widened by server-en.ts (module augmentation) in the programs that
 * compile it (the server's, the contracts'). The web app never imports it, so there `MessageKey` is the shared keys
 * alone and `translate` refuses a server key at compile time.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by server-en.ts
export interface ServerMessages {}

/** Every key `translate` accepts in this program (see `ServerMessages`). */
export type MessageKey = SharedMessageKey | keyof ServerMessages;
type Texts = Partial<Record<MessageKey, string>>;

/**
 * The shared English is built in; the web app adds a language's shared texts when it loads one, the server adds
 * every language's shared and server texts at start (`addAllCatalogues` in all.ts).
 */
const catalogues: Partial<Record<Locale, Texts>> & { en: Texts } = { en };

export function addCatalogue(locale: Locale, catalogue: Texts): void {
  catalogues[locale] = { ...catalogues[locale], ...catalogue };
}

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(catalogues.en, value);

/** Text of a catalogue key in a locale (English until that locale's catalogue is added), `{name}` filled in. */
export function translate(key: MessageKey, locale: Locale, params: Record<string, string | number> = {}): string {
  // every key has English text once its part is added (catalogue.test.ts); the key itself is only a last resort
  const template = catalogues[locale]?.[key] ?? catalogues.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
