/**
 * Renders the public pages (/, /about, /pricing) to HTML at build time (scripts/prerender.mjs runs this after
 * `vite build --ssr`): one file per page, language and theme, antd's styles extracted and inlined, no app bundle.
 * What only the server knows (the platform's name, logo, contact e-mail, source address, the site's origin) is
 * left as placeholders (features/marketing/static-page.tsx) it fills per request.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { Locale } from '@omnichat/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { i18n, loadLocale } from '../app/i18n/index.ts';
import { queryKeys } from '../app/queries.ts';
import type { ThemeMode } from '../app/storage.ts';
import { themeConfig } from '../app/theme.ts';
import { AboutPage } from '../features/marketing/AboutPage.tsx';
import { HomePage } from '../features/marketing/HomePage.tsx';
import { PricingPage } from '../features/marketing/PricingPage.tsx';
import { PLACEHOLDERS, StaticPageContext } from '../features/marketing/static-page.tsx';
import { TextBase } from '../ui/TextBase.tsx';

export const PAGES = { home: '/', about: '/about', pricing: '/pricing' } as const;
export type PageKey = keyof typeof PAGES;
const COMPONENTS = { home: HomePage, about: AboutPage, pricing: PricingPage };
const TITLES: Record<PageKey, string | null> = { home: null, about: 'marketing.about', pricing: 'marketing.pricing' };

export const HTML_LANG: Record<Locale, string> = { en: 'en', 'zh-hk': 'zh-Hant-HK', 'zh-cn': 'zh-Hans-CN' };

export interface RenderedPage {
  /** the page's markup (what goes inside <body>) */
  body: string;
  /** antd's styles of the page (a <style> element's content) */
  css: string;
  /** the document title, with the name placeholder */
  title: string;
  /** the page's description (the landing page's lead) */
  description: string;
}

export async function renderPage(page: PageKey, locale: Locale, theme: ThemeMode): Promise<RenderedPage> {
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
  const queryClient = new QueryClient();
  // the pages read the public settings; prerendered, each value is a placeholder (or a flag the server settles)
  queryClient.setQueryData(queryKeys.publicSettings, {
    'system.name': PLACEHOLDERS.name,
    'system.logo': PLACEHOLDERS.logo,
  });
  const cache = createCache();
  const Page = COMPONENTS[page];
  const config = themeConfig(theme, true);
  const body = renderToString(
    <StyleProvider cache={cache}>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <StaticPageContext.Provider value={{ theme }}>
            <ConfigProvider theme={config} button={{ autoInsertSpace: false }}>
              <TextBase>
                <StaticRouter location={PAGES[page]}>
                  <Page />
                </StaticRouter>
              </TextBase>
            </ConfigProvider>
          </StaticPageContext.Provider>
        </I18nextProvider>
      </QueryClientProvider>
    </StyleProvider>,
  );
  const css = extractStyle(cache, { plain: true, types: ['style', 'token', 'cssVar'] });
  const titleKey = TITLES[page];
  const title = titleKey ? `${i18n.t(titleKey)} | ${PLACEHOLDERS.name}` : PLACEHOLDERS.name;
  return { body, css, title, description: i18n.t('marketing.heroText') };
}
