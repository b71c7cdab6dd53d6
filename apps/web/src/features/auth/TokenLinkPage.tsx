import { authEndpoints, selfEndpoints } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { http } from '../../app/http/index.ts';
import { AuthShell } from './AuthShell.tsx';
import './i18n/auth.ts';

const ENDPOINTS = { verify: authEndpoints.verify, 'confirm-email': selfEndpoints.confirmEmail };

/** A page a mailed link opens: it posts the link's token once on load and shows the server's answer. */
export function TokenLinkPage({ link, title }: { link: keyof typeof ENDPOINTS; title: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const result = useQuery({
    queryKey: ['token-link', link, token],
    enabled: token !== '',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    queryFn: () => http.call(ENDPOINTS[link], { body: { token }, silent: true }),
  });

  const signIn = (
    <Link to="/auth/login">
      <Button type="primary">{t('auth.goToSignIn')}</Button>
    </Link>
  );
  let content: ReactNode;
  if (!token) content = <Result status="warning" title={t('auth.missingToken')} extra={signIn} />;
  else if (result.isPending) content = <Result icon={<Spin size="large" />} title={t('auth.verifying')} />;
  else if (result.isError) content = <Result status="error" title={result.error.message} extra={signIn} />;
  else content = <Result status="success" title={result.data.message} extra={signIn} />;

  return <AuthShell title={title}>{content}</AuthShell>;
}
