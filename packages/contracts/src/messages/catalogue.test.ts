import { describe, expect, it } from 'vitest';
import { LOCALES, resolveLocale } from '../locales.ts';
import { addAllCatalogues } from './all.ts';
import { en as enEntry } from './en.ts';
import { enPages } from './en-pages.ts';
import { isMessageKey, translate } from './index.ts';
import { serverEn } from './server-en.ts';
import { serverZhCn } from './server-zh-cn.ts';
import { serverZhHk } from './server-zh-hk.ts';
import { zhCn } from './zh-cn.ts';
import { zhHk } from './zh-hk.ts';

declare global {
  interface ImportMeta {
    /** Vite's glob import (Vitest runs it): the browser side's sources, read as text. */
    glob(patterns: string[], options: { query: '?raw'; import: 'default'; eager: true }): Record<string, string>;
  }
}

addAllCatalogues();

/** the shared English: the entry's and the automation pages' */
const en = { ...enEntry, ...enPages };

const PARTS = {
  shared: { en, 'zh-hk': zhHk, 'zh-cn': zhCn },
  server: { en: serverEn, 'zh-hk': serverZhHk, 'zh-cn': serverZhCn },
} satisfies Record<string, Record<(typeof LOCALES)[number], Record<string, string>>>;

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Everything the browser bundles that may name a key: the contracts (but the catalogues) and the web app, tests aside. */
const browserSources = import.meta.glob(
  ['../**/*.ts', '!./**', '../../../../apps/web/src/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}', '!**/test/**'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

describe('message catalogue', () => {
  it.each(Object.entries(PARTS))('has every English %s key in each locale, same placeholders, real text', (_, part) => {
    for (const [locale, catalogue] of Object.entries<Record<string, string>>(part)) {
      expect(Object.keys(catalogue).sort(), locale).toEqual(Object.keys(part.en).sort());
      for (const [key, text] of Object.entries(catalogue)) {
        expect(text.trim(), `${locale}.${key}`).not.toBe('');
        expect(placeholders(text), `${locale}.${key}`).toEqual(
          placeholders(part.en[key as keyof typeof part.en] as string),
        );
      }
    }
  });

  it('keeps a key in one part only, and the server speaks every key in every language', () => {
    expect(Object.keys(serverEn).filter((key) => Object.hasOwn(en, key))).toEqual([]);
    for (const locale of LOCALES) {
      const texts: Record<string, string> = { ...PARTS.shared[locale], ...PARTS.server[locale] };
      for (const [key, text] of Object.entries(texts)) {
        expect(isMessageKey(key), key).toBe(true);
        expect(translate(key as keyof typeof en, locale), `${locale}.${key}`).toBe(text);
      }
    }
    expect(translate('notification_not_found', 'zh-hk')).toBe(serverZhHk.notification_not_found);
  });

  it('keeps out of the server-only part every key the browser names (contracts or web app)', () => {
    expect(Object.keys(browserSources).length).toBeGreaterThan(100);
    const named = new Map<string, string[]>();
    for (const [file, source] of Object.entries(browserSources)) {
      for (const key of Object.keys(serverEn))
        if (new RegExp(`['"\`]${key}['"\`]`).test(source)) named.set(key, [...(named.get(key) ?? []), file]);
      // keys built from a prefix (`notify_${type}`) must not reach server-only keys either
      for (const [, prefix] of source.matchAll(/`(\w+_)\$\{/g))
        for (const key of Object.keys(serverEn))
          if (key.startsWith(prefix as string))
            named.set(key, [...(named.get(key) ?? []), `${file} (\`${prefix}\${…}\`)`]);
    }
    // a key listed here is used by the browser: move it (all three languages) from server-*.ts to en.ts, zh-hk.ts, zh-cn.ts
    expect(Object.fromEntries(named)).toEqual({});
  });

  it('keeps the spec wording in English', () => {
    expect(translate('forbidden', 'en')).toBe('you have no permission');
    expect(translate('media_too_large', 'en')).toBe('Media size cannot be larger than 20MB');
    expect(translate('trace', 'en', { status: 401, trace_id: 'abc' })).toBe('[401] Trace: #abc');
    expect(translate('organization_name_max', 'en')).toBe('organization name must be less than 100 characters');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('file_size_exceeds', 'zh-hk', { size: '2 MB' })).toBe('檔案大小超過 2 MB 上限');
    expect(translate('file_size_exceeds', 'en')).toBe('File size exceeds {size} limit');
  });

  it('resolves loose locale tags', () => {
    expect(resolveLocale('zh-HK')).toBe('zh-hk');
    expect(resolveLocale('zh_TW')).toBe('zh-hk');
    expect(resolveLocale('zh-CN')).toBe('zh-cn');
    expect(resolveLocale('fr')).toBe('en');
    expect(resolveLocale(undefined)).toBe('en');
  });
});
