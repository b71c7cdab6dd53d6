import { LIMITS } from '@omnichat/contracts';
import { Avatar, Flex, Layout, theme } from 'antd';
import type { ReactNode } from 'react';
import { Text } from '../../ui/text.tsx';
import type { ResolvedItem } from './menu-model.ts';
import { SidebarMenu } from './SidebarMenu.tsx';

interface SidebarBodyProps {
  title: string;
  avatar?: ReactNode;
  items: ResolvedItem[];
  footer?: ReactNode;
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** Title (workspace name + avatar), menu tree and footer items, inside a `nav` named "sidebar". */
export function SidebarBody({ title, avatar, items, footer, collapsed = false, onNavigate }: SidebarBodyProps) {
  const { token } = theme.useToken();
  return (
    <nav aria-label="sidebar" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Flex
        align="center"
        gap={12}
        style={{
          padding: collapsed ? '16px 0' : '16px 20px',
          justifyContent: collapsed ? 'center' : 'flex-start',
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          minHeight: 64,
        }}
      >
        {avatar}
        {!collapsed && (
          <Text strong ellipsis style={{ fontSize: 16 }} title={title}>
            {title}
          </Text>
        )}
      </Flex>
      <div style={{ flex: 1, overflowY: 'auto', paddingBlock: 8 }}>
        <SidebarMenu items={items} onNavigate={onNavigate} />
      </div>
      {footer && <div style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, paddingBlock: 8 }}>{footer}</div>}
    </nav>
  );
}

/** The desktop sider: about 288 px open, icons only when closed. */
export function DesktopSider({ collapsed, children }: { collapsed: boolean; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Layout.Sider
      width={LIMITS.sidebarWidthPx}
      collapsedWidth={80}
      collapsed={collapsed}
      trigger={null}
      theme="light"
      style={{
        background: token.colorBgContainer,
        borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
        height: '100vh',
        position: 'sticky',
        top: 0,
      }}
    >
      {children}
    </Layout.Sider>
  );
}

export function WorkspaceAvatar({ name, src, size = 36 }: { name: string; src?: string; size?: number }) {
  return (
    <Avatar shape="square" size={size} src={src || undefined} style={{ background: '#1677ff', flexShrink: 0 }}>
      {name.slice(0, 1).toUpperCase() || 'O'}
    </Avatar>
  );
}
