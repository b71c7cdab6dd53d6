import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { I18nextProvider } from 'react-i18next';
import { TextBase } from '../ui/TextBase.tsx';
import { antdLocaleOf, i18n } from './i18n/index.ts';
import { PreferencesProvider, usePreferences } from './preferences/preferences.tsx';
import { themeConfig } from './theme.ts';
import { Toaster } from './toast/Toaster.tsx';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The HTTP client already retries once after a token refresh (SPEC 9).
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const subscribeToMotion = (onChange: () => void) => {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
/** Whether the user asked their system for less motion: antd's animations are then off. */
const usePrefersReducedMotion = () =>
  useSyncExternalStore(subscribeToMotion, () => window.matchMedia(REDUCED_MOTION).matches);

function ThemedApp({ children }: { children: ReactNode }) {
  const { theme, locale } = usePreferences();
  const reducedMotion = usePrefersReducedMotion();
  const config = useMemo(() => themeConfig(theme, !reducedMotion), [theme, reducedMotion]);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  return (
    <ConfigProvider
      locale={antdLocaleOf(locale)}
      // "儲存", not "儲 存": Chinese buttons keep their two characters together
      button={{ autoInsertSpace: false }}
      theme={config}
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
