export const LOCALES = ['en', 'zh-hk', 'zh-cn'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Accepts the X-Locale header (or any loose tag such as zh-HK, zh_CN, zh-Hant) and returns a supported locale. */
export function resolveLocale(tag: string | undefined | null): Locale {
  const value = (tag ?? '').trim().toLowerCase().replace('_', '-');
  if (value === 'zh-hk' || value === 'zh-tw' || value === 'zh-hant' || value === 'zh-mo') return 'zh-hk';
  if (value === 'zh-cn' || value === 'zh-sg' || value === 'zh-hans' || value === 'zh') return 'zh-cn';
  return 'en';
}
