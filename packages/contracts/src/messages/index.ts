import type { Locale } from '../locales.ts';
import { type Catalogue, en, type MessageKey } from './en.ts';
import { zhCn } from './zh-cn.ts';
import { zhHk } from './zh-hk.ts';

export type { Catalogue, MessageKey };
export const CATALOGUES: Record<Locale, Catalogue> = { en, 'zh-hk': zhHk, 'zh-cn': zhCn };

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(en, value);

/** Text of a catalogue key in a locale, with `{name}` placeholders filled from params. */
export function translate(key: MessageKey, locale: Locale, params: Record<string, string | number> = {}): string {
  const template = CATALOGUES[locale][key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
