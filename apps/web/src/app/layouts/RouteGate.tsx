import { translate } from '@omnichat/contracts';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePreferences } from '../preferences/preferences.tsx';
import type { ItemLock } from './menu-model.ts';

interface RouteGateProps {
  access: ItemLock | 'hidden' | null | undefined;
  home: string;
  children: ReactNode;
}

/** Renders the page, or explains why it is closed (admin only, missing permission or plan). */
export function RouteGate({ access, home, children }: RouteGateProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  if (!access) return <>{children}</>;
  let title = translate('forbidden', locale);
  if (access !== 'hidden') {
    title =
      access.reason === 'plan'
        ? translate('please_upgrade_plan', locale)
        : `${translate('missing_permissions', locale)} ${access.missing.join(', ')}`;
  }
  return (
    <Result
      status="403"
      title={title}
      extra={
        <Link to={home}>
          <Button type="primary">{t('common.back')}</Button>
        </Link>
      }
    />
  );
}
