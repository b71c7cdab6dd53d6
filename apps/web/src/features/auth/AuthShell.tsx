import { Card, Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePublicSettings } from '../../app/queries.ts';
import { LanguagePicker } from '../../ui/LanguagePicker.tsx';
import { useDocumentTitle } from '../../ui/PageHeader.tsx';
import { mainContentProps, SkipLink } from '../../ui/SkipLink.tsx';
import { ThemeToggle } from '../../ui/ThemeToggle.tsx';
import { BrandMark } from '../marketing/index.ts';

interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** Centered card used by every /auth page, with language and theme controls. */
export function AuthShell({ title, subtitle, children, footer }: AuthShellProps) {
  const { token } = theme.useToken();
  const settings = usePublicSettings();
  const systemName = settings.data?.['system.name'] || 'OmniChat';
  useDocumentTitle(`${title} | ${systemName}`);
  return (
    <Flex
      vertical
      style={{
        minHeight: '100vh',
        background: `radial-gradient(circle at 20% 0%, ${token.colorPrimaryBg} 0, transparent 45%), ${token.colorBgLayout}`,
      }}
    >
      <SkipLink />
      <Flex component="header" justify="space-between" align="center" style={{ padding: '12px 16px' }}>
        <Link to="/" aria-label={systemName}>
          <BrandMark name={systemName} logo={settings.data?.['system.logo']} />
        </Link>
        <Flex align="center" gap={4}>
          <LanguagePicker />
          <ThemeToggle />
        </Flex>
      </Flex>
      <Flex flex={1} align="center" justify="center" style={{ padding: '16px 16px 48px' }}>
        <main {...mainContentProps} style={{ width: '100%', maxWidth: 420 }}>
          <Card style={{ boxShadow: token.boxShadowTertiary }}>
            <Typography.Title level={1} style={{ marginTop: 0, marginBottom: 4, fontSize: 24 }}>
              {title}
            </Typography.Title>
            {subtitle && (
              <Typography.Paragraph type="secondary" style={{ marginBottom: 24 }}>
                {subtitle}
              </Typography.Paragraph>
            )}
            {children}
          </Card>
          {footer && <div style={{ textAlign: 'center', marginTop: 16 }}>{footer}</div>}
        </main>
      </Flex>
    </Flex>
  );
}
