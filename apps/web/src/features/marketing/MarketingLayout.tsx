import './i18n/index.ts';
import { MenuOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Grid, Layout, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePublicSettings } from '../../app/queries.ts';
import { LanguagePicker } from '../../ui/LanguagePicker.tsx';
import { useDocumentTitle } from '../../ui/PageHeader.tsx';
import { mainContentProps, SkipLink } from '../../ui/SkipLink.tsx';
import { ThemeToggle } from '../../ui/ThemeToggle.tsx';
import { BrandMark } from './BrandMark.tsx';
import './marketing.css';
import '../auth/index.ts';

/** Header and footer of the public pages (/, /about, /pricing); no /app chrome. */
export function MarketingLayout({ title, children }: { title?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const navigate = useNavigate();
  const settings = usePublicSettings();
  const name = settings.data?.['system.name'] || 'OmniChat';
  useDocumentTitle(title ? `${title} | ${name}` : name);
  const mobile = screens.md === false;

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
            <BrandMark name={name} logo={settings.data?.['system.logo']} />
          </Link>
          {!mobile && (
            <nav aria-label={t('marketing.mainNavigation')}>
              <Flex gap={28}>
                {links.map((link) => (
                  <Link key={link.to} to={link.to} style={{ color: token.colorText }}>
                    {link.label}
                  </Link>
                ))}
              </Flex>
            </nav>
          )}
          <Flex align="center" gap={mobile ? 2 : 8}>
            {!mobile && <LanguagePicker />}
            <ThemeToggle />
            {mobile ? (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    ...links.map((link) => ({ key: link.to, label: link.label, onClick: () => navigate(link.to) })),
                    { type: 'divider' as const },
                    { key: 'sign-in', label: t('auth.signIn'), onClick: () => navigate('/auth/login') },
                    { key: 'sign-up', label: t('auth.signUp'), onClick: () => navigate('/auth/register') },
                  ],
                }}
              >
                <Button type="text" aria-label={t('marketing.menu')} icon={<MenuOutlined />} />
              </Dropdown>
            ) : (
              <>
                <Link to="/auth/login">
                  <Button type="text">{t('auth.signIn')}</Button>
                </Link>
                <Link to="/auth/register">
                  <Button type="primary">{t('auth.signUp')}</Button>
                </Link>
              </>
            )}
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
            <BrandMark name={name} logo={settings.data?.['system.logo']} size={28} />
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
            {mobile && <LanguagePicker />}
          </Flex>
        </Flex>
        <Typography.Paragraph type="secondary" className="oc-container" style={{ paddingBottom: 24, margin: '0 auto' }}>
          © {new Date().getFullYear()} {name}. {t('marketing.rights')}
        </Typography.Paragraph>
      </footer>
    </Layout>
  );
}
