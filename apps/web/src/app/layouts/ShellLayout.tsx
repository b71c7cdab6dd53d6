import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Grid, Layout, theme } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { TitleSuffixContext } from '../../ui/PageHeader.tsx';
import { mainContentProps, SkipLink } from '../../ui/SkipLink.tsx';
import { Text } from '../../ui/text.tsx';
import type { ResolvedItem } from './menu-model.ts';
import { DesktopSider, SidebarBody } from './Sidebar.tsx';

interface ShellLayoutProps {
  sidebarTitle: string;
  sidebarAvatar?: ReactNode;
  items: ResolvedItem[];
  footer?: (close: () => void) => ReactNode;
  headerRight: ReactNode;
  titleSuffix: string;
  /** The page area; the routed page by default. */
  content?: ReactNode;
}

/** The phone's sidebar drawer: only phones load its code, when they first draw the shell. */
const Drawer = lazy(() => import('antd/es/drawer'));

/** Sidebar + top bar + page area, shared by the organization and the system-admin layouts. */
export function ShellLayout({
  sidebarTitle,
  sidebarAvatar,
  items,
  footer,
  headerRight,
  titleSuffix,
  content,
}: ShellLayoutProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const isMobile = screens.md === false;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);
  const sidebarOpen = isMobile ? drawerOpen : !collapsed;

  const body = (
    <SidebarBody
      title={sidebarTitle}
      avatar={sidebarAvatar}
      items={items}
      collapsed={!isMobile && collapsed}
      onNavigate={isMobile ? closeDrawer : undefined}
      footer={footer?.(isMobile ? closeDrawer : () => undefined)}
    />
  );

  return (
    <TitleSuffixContext.Provider value={titleSuffix}>
      <Layout style={{ minHeight: '100vh' }}>
        <SkipLink />
        {isMobile ? (
          <Suspense fallback={null}>
            <Drawer
              open={drawerOpen}
              onClose={closeDrawer}
              placement="left"
              size="100%"
              closable={{ 'aria-label': t('common.close') }}
              styles={{ body: { padding: 0 }, header: { padding: '8px 12px' } }}
            >
              {body}
            </Drawer>
          </Suspense>
        ) : (
          <DesktopSider collapsed={collapsed}>{body}</DesktopSider>
        )}
        <Layout style={{ minWidth: 0 }}>
          <Layout.Header
            style={{
              background: token.colorBgContainer,
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
              padding: isMobile ? '0 8px' : '0 16px',
              position: 'sticky',
              top: 0,
              zIndex: 10,
              height: 64,
              lineHeight: 'normal',
              display: 'flex',
              alignItems: 'center',
            }}
          >
            <Flex align="center" justify="space-between" style={{ width: '100%' }} gap={8}>
              <Flex align="center" gap={4} style={{ minWidth: 0 }}>
                <Button
                  type="text"
                  aria-label={t('nav.toggleSidebar')}
                  aria-expanded={sidebarOpen}
                  icon={sidebarOpen && !isMobile ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
                  onClick={() => (isMobile ? setDrawerOpen(true) : setCollapsed((value) => !value))}
                />
                {/* where the sidebar's title is out of sight, the header says where you are */}
                {(isMobile || collapsed) && (
                  <Text strong ellipsis title={sidebarTitle} style={{ minWidth: 0 }}>
                    {sidebarTitle}
                  </Text>
                )}
              </Flex>
              <Flex align="center" gap={isMobile ? 2 : 8} style={{ flexShrink: 0 }}>
                {headerRight}
              </Flex>
            </Flex>
          </Layout.Header>
          <Layout.Content {...mainContentProps} style={{ padding: isMobile ? 16 : 24, minWidth: 0 }}>
            {content ?? <Outlet />}
          </Layout.Content>
        </Layout>
      </Layout>
    </TitleSuffixContext.Provider>
  );
}
