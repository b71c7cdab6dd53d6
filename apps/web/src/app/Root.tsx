import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate, useNavigation } from 'react-router';
import { usePublicSettings } from './queries.ts';
import { setSessionNavigator } from './session/session-expiry.ts';

const FALLBACK_ICON = '/favicon.svg';

/** Favicon from the public `system.logo` setting, with the bundled icon as fallback (SPEC 2). */
export function useFavicon(logo: string | undefined): void {
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>("link[rel~='icon']");
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    const href = logo?.trim() ? logo.trim() : FALLBACK_ICON;
    link.href = href;
    if (href === FALLBACK_ICON) link.type = 'image/svg+xml';
    else link.removeAttribute('type');
  }, [logo]);
}

/**
 * Wraps every route: favicon, a progress bar while the next page's code loads, and lets session expiry navigate
 * inside the router.
 */
export function Root() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loading = useNavigation().state === 'loading';
  const settings = usePublicSettings();
  useFavicon(settings.data?.['system.logo']);
  useEffect(() => {
    setSessionNavigator((path) => navigate(path, { replace: true }));
  }, [navigate]);
  return (
    <>
      {loading && (
        <div className="route-progress" role="progressbar" aria-busy="true" aria-label={t('common.loading')} />
      )}
      <Outlet />
    </>
  );
}
