import type { Locale } from '@omnichat/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, theme as antdTheme, ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhHK from 'antd/locale/zh_HK';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './i18n/index.ts';
import { PreferencesProvider, usePreferences } from './preferences/preferences.tsx';
import { Toaster } from './toast/Toaster.tsx';

const ANTD_LOCALES: Record<Locale, AntdLocale> = { en: enUS, 'zh-hk': zhHK, 'zh-cn': zhCN };

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The HTTP client already retries once after a token refresh (SPEC 9).
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

function ThemedApp({ children }: { children: ReactNode }) {
  const { theme, locale } = usePreferences();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[locale]}
      theme={{
        algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { colorPrimary: '#1677ff', borderRadius: 8 },
      }}
    >
      <AntdApp>
        {children}
        <Toaster />
      </AntdApp>
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
