import { translate } from '@omnichat/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../preferences/preferences.tsx';
import { lockText } from './lock-text.ts';
import type { ItemLock } from './menu-model.ts';

const ClosedRoute = lazy(async () => ({ default: (await import('./ClosedRoute.tsx')).ClosedRoute }));

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
  const title = access === 'hidden' ? translate('forbidden', locale) : lockText(access, t, locale);
  return (
    <Suspense>
      <ClosedRoute title={title} home={home} />
    </Suspense>
  );
}
