import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { http } from '../../app/http/index.ts';
import { AuthShell } from './AuthShell.tsx';

/** /auth/verify?token=...: verifies on load (once), shows the result and a link to sign in. */
export function VerifyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useQuery({
    queryKey: ['verify-email', token],
    enabled: token !== '',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    queryFn: () => http.post<{ message: string }>('/public/v1/auth/verify', { token }, { silent: true }),
  });

  const signIn = (
    <Link to="/auth/login">
      <Button type="primary">{t('auth.goToSignIn')}</Button>
    </Link>
  );
  let content: ReactNode;
  if (!token) content = <Result status="warning" title={t('auth.missingToken')} extra={signIn} />;
  else if (verify.isPending) content = <Result icon={<Spin size="large" />} title={t('auth.verifying')} />;
  else if (verify.isError) content = <Result status="error" title={verify.error.message} extra={signIn} />;
  else content = <Result status="success" title={verify.data.message} extra={signIn} />;

  return <AuthShell title={t('auth.verifyTitle')}>{content}</AuthShell>;
}
