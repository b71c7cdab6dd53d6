import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { http } from '../../app/http/index.ts';
import { AuthShell } from './AuthShell.tsx';

/** A page a mailed link opens: it posts the link's token once on load and shows the server's answer. */
export function TokenLinkPage({ endpoint, title }: { endpoint: string; title: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const result = useQuery({
    queryKey: ['token-link', endpoint, token],
    enabled: token !== '',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    queryFn: () => http.post<{ message: string }>(endpoint, { token }, { silent: true }),
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
