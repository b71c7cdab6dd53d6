import { DEFAULT_LOCALE, LOCALES, type Locale, resolveLocale } from '@omnichat/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-hk';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, storedLocale, writeString } from '../storage.ts';
import { en } from './en.ts';
import { zhCn } from './zh-cn.ts';
import { zhHk } from './zh-hk.ts';

export { LOCALES };

/** antd / dayjs locale names stored beside the language (SPEC 3 keeps both). */
export const ANTD_LOCALE_NAMES: Record<Locale, string> = { en: 'en_US', 'zh-hk': 'zh_HK', 'zh-cn': 'zh_CN' };
const DAYJS_LOCALES: Record<Locale, string> = { en: 'en', 'zh-hk': 'zh-hk', 'zh-cn': 'zh-cn' };

function initialLocale(): Locale {
  const stored = storedLocale();
  if (stored) return stored;
  if (typeof navigator !== 'undefined' && navigator.language) return resolveLocale(navigator.language);
  return DEFAULT_LOCALE;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, 'zh-hk': { translation: zhHk }, 'zh-cn': { translation: zhCn } },
  lng: initialLocale(),
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  lowerCaseLng: true,
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

function applyDocumentLocale(locale: Locale) {
  dayjs.locale(DAYJS_LOCALES[locale]);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale === 'en' ? 'en' : locale === 'zh-hk' ? 'zh-Hant-HK' : 'zh-Hans-CN';
  }
}
applyDocumentLocale(currentLocale());

/** The locale sent as X-Locale and used for catalogue texts. */
export function currentLocale(): Locale {
  return resolveLocale(i18n.resolvedLanguage ?? i18n.language);
}

/** Switches texts, antd and dayjs locales, and remembers the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  writeString(STORAGE_KEYS.language, locale);
  writeString(STORAGE_KEYS.locale, ANTD_LOCALE_NAMES[locale]);
  applyDocumentLocale(locale);
  await i18n.changeLanguage(locale);
}
