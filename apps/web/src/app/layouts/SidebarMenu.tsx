import { LockOutlined } from '@ant-design/icons';
import type { Locale } from '@omnichat/contracts';
import { Menu, type MenuProps, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePreferences } from '../preferences/preferences.tsx';
import { lockText } from './lock-text.ts';
import { flattenLinks, type ResolvedItem } from './menu-model.ts';

type MenuItem = Required<MenuProps>['items'][number];

function toMenuItem(item: ResolvedItem, t: TFunction, locale: Locale): MenuItem {
  const name = t(item.name);
  if (item.items) {
    return { key: item.key, icon: item.icon, label: name, children: item.items.map((c) => toMenuItem(c, t, locale)) };
  }
  if (item.lock) {
    return {
      key: item.key,
      icon: item.icon,
      disabled: true,
      label: (
        <Tooltip title={lockText(item.lock, t, locale)} placement="right">
          <span className="oc-locked-item" aria-disabled="true" data-locked="true">
            {name} <LockOutlined aria-label={t('nav.locked')} style={{ marginInlineStart: 6 }} />
          </span>
        </Tooltip>
      ),
    };
  }
  return {
    key: item.link ?? item.key,
    icon: item.icon,
    onClick: item.onClick,
    label: item.link ? (
      <Link to={item.link} title={name}>
        {name}
      </Link>
    ) : (
      name
    ),
  };
}

/** The menu tree of a sidebar: collapsible groups, locked items, current link highlighted. */
export function SidebarMenu({ items, onNavigate }: { items: ResolvedItem[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { pathname } = useLocation();
  const menuItems = useMemo(() => items.map((item) => toMenuItem(item, t, locale)), [items, t, locale]);
  const selected = flattenLinks(items).find((item) => item.link === pathname && !item.lock);
  const groupKeys = useMemo(() => items.filter((item) => item.items).map((item) => item.key), [items]);
  return (
    <Menu
      className="oc-sidebar-menu"
      mode="inline"
      items={menuItems}
      selectedKeys={selected?.link ? [selected.link] : []}
      defaultOpenKeys={groupKeys}
      onClick={() => onNavigate?.()}
      style={{ borderInlineEnd: 0, background: 'transparent' }}
    />
  );
}
