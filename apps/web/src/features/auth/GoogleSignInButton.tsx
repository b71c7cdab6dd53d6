import { Divider } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { loadGoogleIdentity } from './google-identity.ts';
import './i18n/auth.ts';

interface GoogleSignInButtonProps {
  clientId: string | undefined;
  onCredential: (idToken: string) => void;
}

/** Google sign-in, shown only when a client id is set and the Google script loads. */
export function GoogleSignInButton({ clientId, onCredential }: GoogleSignInButtonProps) {
  const { t } = useTranslation();
  const { theme, locale } = usePreferences();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const callback = useRef(onCredential);
  callback.current = onCredential;

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((api) => {
        if (cancelled || !container.current) return;
        api.initialize({
          client_id: clientId,
          callback: (response) => {
            if (response.credential) callback.current(response.credential);
          },
        });
        api.renderButton(container.current, {
          type: 'standard',
          theme: theme === 'dark' ? 'filled_black' : 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'rectangular',
          width: Math.min(container.current.clientWidth || 360, 400),
          locale: locale === 'en' ? 'en' : locale === 'zh-hk' ? 'zh-HK' : 'zh-CN',
        });
        setState('ready');
      })
      .catch((error: unknown) => {
        console.warn('Google sign-in unavailable', error);
        if (!cancelled) setState('unavailable');
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, theme, locale]);

  if (!clientId || state === 'unavailable') return null;
  return (
    <section aria-label={t('auth.googleSignIn')} hidden={state !== 'ready'}>
      <Divider plain>{t('common.or')}</Divider>
      <div ref={container} style={{ display: 'flex', justifyContent: 'center', minHeight: 44 }} />
    </section>
  );
}
