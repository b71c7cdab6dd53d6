import { addCatalogue, type Catalogue, DEFAULT_LOCALE, LOCALES, type Locale, resolveLocale } from '@omnichat/contracts';
import type { Locale as AntdLocale } from 'antd/es/locale';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, storedLocale, writeString } from '../storage.ts';
import { en, type UiCatalogue } from './en.ts';

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

/** Ant Design's English texts are built in: naming the locale is enough. */
const ANTD_ENGLISH: AntdLocale = { locale: 'en' };
const antdTexts = new Map<Locale, AntdLocale>([['en', ANTD_ENGLISH]]);

/**
 * The Chinese texts (UI, server messages, dates, Ant Design's own) arrive with the language, as chunks of their own: the first load
 * carries English only. main.tsx waits for the chosen one (`localeReady`) before the first render.
 */
const CATALOGUES: Record<
  Exclude<Locale, 'en'>,
  () => Promise<{ ui: UiCatalogue; messages: Catalogue; antd: AntdLocale }>
> = {
  'zh-hk': async () => {
    const [ui, antd] = await Promise.all([
      import('./zh-hk.ts'),
      import('antd/locale/zh_HK'),
      import('dayjs/locale/zh-hk'),
    ]);
    return { ui: ui.zhHk, messages: ui.messagesZhHk, antd: antd.default };
  },
  'zh-cn': async () => {
    const [ui, antd] = await Promise.all([
      import('./zh-cn.ts'),
      import('antd/locale/zh_CN'),
      import('dayjs/locale/zh-cn'),
    ]);
    return { ui: ui.zhCn, messages: ui.messagesZhCn, antd: antd.default };
  },
};

const loaded = new Set<Locale>();

/** Fetches a language's texts once (English is built in). */
export async function loadLocale(locale: Locale): Promise<void> {
  if (locale === 'en' || loaded.has(locale)) return;
  const { ui, messages, antd } = await CATALOGUES[locale]();
  addCatalogue(locale, messages);
  antdTexts.set(locale, antd);
  // a shallow merge: texts a lazy part of the app brought (addFeatureTexts) stay; a copy, as i18next merges those
  // into the object it holds (the catalogue module itself stays as written)
  i18n.addResourceBundle(locale, 'translation', structuredClone(ui));
  loaded.add(locale);
}

/**
 * Texts that come with a lazy part of the app (its chunk), every language's, merged into each catalogue under
 * their own keys: the entry script does not carry the admin panel's or the marketing pages' words.
 */
export function addFeatureTexts(byLocale: Record<Locale, Record<string, unknown>>) {
  for (const locale of LOCALES) i18n.addResourceBundle(locale, 'translation', byLocale[locale], true, true);
}

/**
 * Ant Design's texts of a loaded language. Always a locale, never none: antd wraps the app in a locale provider
 * only when it has one, and a new wrapper would remount every page.
 */
export const antdLocaleOf = (locale: Locale): AntdLocale => antdTexts.get(locale) ?? ANTD_ENGLISH;

export const i18n = i18next.createInstance();
const initial = initialLocale();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: structuredClone(en) } },
  lng: initial,
  partialBundledLanguages: true,
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
/** Resolves once the texts of the language the app starts in are there. */
export const localeReady = loadLocale(initial).then(
  async () => {
    await i18n.changeLanguage(initial); // resolves to it now that its texts are there
    applyDocumentLocale(initial);
  },
  // offline or a failed chunk: English texts rather than no app
  () => applyDocumentLocale('en'),
);

/** The locale sent as X-Locale and used for catalogue texts. */
export function currentLocale(): Locale {
  return resolveLocale(i18n.resolvedLanguage ?? i18n.language);
}

/** Switches texts, antd and dayjs locales, and remembers the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  writeString(STORAGE_KEYS.language, locale);
  writeString(STORAGE_KEYS.locale, ANTD_LOCALE_NAMES[locale]);
  await loadLocale(locale);
  applyDocumentLocale(locale);
  await i18n.changeLanguage(locale);
}
