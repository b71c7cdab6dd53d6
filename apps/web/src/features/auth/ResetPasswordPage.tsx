import { Button, Form, Result } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { http } from '../../app/http/index.ts';
import { AuthShell } from './AuthShell.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';

interface ResetValues {
  password: string;
  confirm_password: string;
}

/** /auth/reset-password?token= and /auth/admin/reset-password?token= */
export function ResetPasswordPage({ kind }: { kind: 'user' | 'admin' }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const loginPath = kind === 'admin' ? '/auth/admin/login' : '/auth/login';
  const endpoint = kind === 'admin' ? '/public/v1/admin/auth/reset-password' : '/public/v1/auth/reset-password';

  const onFinish = async (values: ResetValues) => {
    setBusy(true);
    try {
      const data = await http.post<{ message: string }>(endpoint, { token, ...values });
      setDone(data.message);
    } catch {
      // the HTTP client already showed the error
    } finally {
      setBusy(false);
    }
  };

  const signIn = (
    <Link to={loginPath}>
      <Button type="primary">{t('auth.goToSignIn')}</Button>
    </Link>
  );
  let content: ReactNode;
  if (!token) content = <Result status="warning" title={t('auth.missingToken')} extra={signIn} />;
  else if (done) content = <Result status="success" title={done} extra={signIn} />;
  else
    content = (
      <Form<ResetValues>
        layout="vertical"
        name={kind === 'admin' ? 'admin-reset-password' : 'reset-password'}
        onFinish={onFinish}
        onFinishFailed={({ errorFields }) => console.warn('reset password: invalid fields', errorFields)}
        disabled={busy}
      >
        <NewPasswordFields label={t('auth.newPassword')} size="large" autoFocus />
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('auth.resetPassword')}
        </Button>
      </Form>
    );

  return (
    <AuthShell
      title={t('auth.resetTitle')}
      subtitle={done || !token ? undefined : t('auth.resetSubtitle')}
      footer={<Link to={loginPath}>{t('auth.backToSignIn')}</Link>}
    >
      {content}
    </AuthShell>
  );
}
