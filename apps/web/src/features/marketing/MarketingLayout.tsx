import './i18n/index.ts';
import { MenuOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicSettings } from '../../app/queries.ts';
import { useDocumentTitle } from '../../ui/PageHeader.tsx';
import { mainContentProps, SkipLink } from '../../ui/SkipLink.tsx';
import { BrandMark } from './BrandMark.tsx';
import { LanguageControl, ThemeControl } from './PageControls.tsx';
import { PLACEHOLDERS, useStaticPage } from './static-page.tsx';
import './marketing.css';
import '../auth/index.ts';

/** Closes the phone menu once one of its links is followed (a link to this page's #features moves nothing). */
const closeMenu = (event: { currentTarget: Element }) => {
  const menu = event.currentTarget.closest('details');
  if (menu) menu.open = false;
};

/**
 * Header and footer of the public pages (/, /about, /pricing); no /app chrome. Wide and narrow screens differ by
 * CSS alone (marketing.css), so the HTML rendered at build time fits both; the phone menu is a `<details>`.
 */
export function MarketingLayout({ title, children }: { title?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const staticPage = useStaticPage();
  const settings = usePublicSettings();
  const name = staticPage ? PLACEHOLDERS.name : settings.data?.['system.name'] || 'OmniChat';
  const logo = staticPage ? PLACEHOLDERS.logo : settings.data?.['system.logo'];
  useDocumentTitle(title ? `${title} | ${name}` : name);

  const links = [
    { to: '/#features', label: t('marketing.features') },
    { to: '/pricing', label: t('marketing.pricing') },
    { to: '/about', label: t('marketing.about') },
  ];

  return (
    <Layout className="oc-marketing" style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <SkipLink />
      <header
        className="oc-marketing-header"
        style={{ background: `${token.colorBgContainer}e6`, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        <Flex align="center" justify="space-between" gap={12} className="oc-container" style={{ height: 64 }}>
          <Link to="/" aria-label={name}>
            <BrandMark name={name} logo={logo} />
          </Link>
          <nav aria-label={t('marketing.mainNavigation')} className="oc-wide">
            <Flex gap={28}>
              {links.map((link) => (
                <Link key={link.to} to={link.to} style={{ color: token.colorText }}>
                  {link.label}
                </Link>
              ))}
            </Flex>
          </nav>
          <Flex align="center" gap={4}>
            <span className="oc-wide">
              <LanguageControl />
            </span>
            <ThemeControl />
            <span className="oc-wide">
              <Link to="/auth/login">
                <Button type="text">{t('auth.signIn')}</Button>
              </Link>{' '}
              <Link to="/auth/register">
                <Button type="primary">{t('auth.signUp')}</Button>
              </Link>
            </span>
            <details className="oc-menu oc-narrow">
              <summary
                aria-label={t('marketing.menu')}
                style={{ color: token.colorText, borderRadius: token.borderRadius }}
              >
                <MenuOutlined />
              </summary>
              <nav
                aria-label={t('marketing.menu')}
                className="oc-menu-panel"
                style={{ background: token.colorBgElevated, boxShadow: token.boxShadowSecondary }}
              >
                {[
                  ...links,
                  { to: '/auth/login', label: t('auth.signIn') },
                  { to: '/auth/register', label: t('auth.signUp') },
                ].map((link) => (
                  <Link key={link.to} to={link.to} onClick={closeMenu} style={{ color: token.colorText }}>
                    {link.label}
                  </Link>
                ))}
              </nav>
            </details>
          </Flex>
        </Flex>
      </header>
      <main {...mainContentProps} style={{ flex: 1 }}>
        {children}
      </main>
      <footer style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, background: token.colorBgContainer }}>
        <Flex
          className="oc-container"
          justify="space-between"
          align="center"
          wrap
          gap={16}
          style={{ padding: '32px 0' }}
        >
          <Flex vertical gap={6}>
            <BrandMark name={name} logo={logo} size={28} />
            <Typography.Text type="secondary">{t('marketing.footerText')}</Typography.Text>
          </Flex>
          <Flex gap={20} wrap align="center">
            {links.map((link) => (
              <Link key={link.to} to={link.to} style={{ color: token.colorTextSecondary }}>
                {link.label}
              </Link>
            ))}
            <Link to="/auth/login" style={{ color: token.colorTextSecondary }}>
              {t('auth.signIn')}
            </Link>
            <span className="oc-narrow">
              <LanguageControl />
            </span>
          </Flex>
        </Flex>
        <Typography.Paragraph type="secondary" className="oc-container" style={{ paddingBottom: 24, margin: '0 auto' }}>
          © {staticPage ? PLACEHOLDERS.year : new Date().getFullYear()} {name}. {t('marketing.rights')}
        </Typography.Paragraph>
      </footer>
    </Layout>
  );
}
