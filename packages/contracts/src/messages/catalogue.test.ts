import { describe, expect, it } from 'vitest';
import { resolveLocale } from '../locales.ts';
import { addAllCatalogues, CATALOGUES } from './all.ts';
import { translate } from './index.ts';

addAllCatalogues();

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogue', () => {
  it('has every English key in each locale, with the same placeholders and real text', () => {
    const english = CATALOGUES.en;
    for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
      expect(Object.keys(catalogue).sort(), locale).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(catalogue)) {
        expect(text.trim(), `${locale}.${key}`).not.toBe('');
        expect(placeholders(text), `${locale}.${key}`).toEqual(placeholders(english[key as keyof typeof english]));
      }
    }
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
