import { translate } from '@omnichat/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { usePreferences } from '../preferences/preferences.tsx';
import type { ItemLock } from './menu-model.ts';

const ClosedRoute = lazy(async () => ({ default: (await import('./ClosedRoute.tsx')).ClosedRoute }));

interface RouteGateProps {
  access: ItemLock | 'hidden' | null | undefined;
  home: string;
  children: ReactNode;
}

/** Renders the page, or explains why it is closed (admin only, missing permission or plan). */
export function RouteGate({ access, home, children }: RouteGateProps) {
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
    <Suspense>
      <ClosedRoute title={title} home={home} />
    </Suspense>
  );
}
