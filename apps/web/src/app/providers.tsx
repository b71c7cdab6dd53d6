import type { Locale } from '@omnichat/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { theme as antdTheme, ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './i18n/index.ts';
import { PreferencesProvider, usePreferences } from './preferences/preferences.tsx';
import { Toaster } from './toast/Toaster.tsx';

/**
 * Ant Design's English texts are built in: naming the locale is enough. Always passing a locale keeps the tree the
 * same when it changes (antd wraps the app in a locale provider only when it has one, and a new wrapper would
 * remount every page).
 */
const ENGLISH: AntdLocale = { locale: 'en' };

/** Ant Design's own texts (date pickers, pagination) in the chosen language, fetched with it. */
const ANTD_LOCALES: Record<Locale, () => Promise<AntdLocale>> = {
  en: async () => ENGLISH,
  'zh-hk': async () => (await import('antd/locale/zh_HK')).default,
  'zh-cn': async () => (await import('antd/locale/zh_CN')).default,
};

function useAntdLocale(locale: Locale): AntdLocale {
  const [loaded, setLoaded] = useState<{ locale: Locale; texts: AntdLocale }>();
  useEffect(() => {
    let current = true;
    void ANTD_LOCALES[locale]().then((texts) => {
      if (current) setLoaded({ locale, texts });
    });
    return () => {
      current = false;
    };
  }, [locale]);
  return loaded?.locale === locale ? loaded.texts : ENGLISH;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The HTTP client already retries once after a token refresh (SPEC 9).
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * The theme's text colour, font and size for what is not an antd component (what antd's `App` does, without the
 * message, notification and modal machinery it also loads: this app has its own toaster).
 */
function TextBase({ children }: { children: ReactNode }) {
  const { token } = antdTheme.useToken();
  return (
    <div
      style={{
        color: token.colorText,
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
      }}
    >
      {children}
    </div>
  );
}

function ThemedApp({ children }: { children: ReactNode }) {
  const { theme, locale } = usePreferences();
  const antdLocale = useAntdLocale(locale);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  return (
    <ConfigProvider
      locale={antdLocale}
      theme={{
        algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { colorPrimary: '#1677ff', borderRadius: 8 },
      }}
    >
      <TextBase>
        {children}
        <Toaster />
      </TextBase>
    </ConfigProvider>
  );
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <PreferencesProvider>
          <ThemedApp>{children}</ThemedApp>
        </PreferencesProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
