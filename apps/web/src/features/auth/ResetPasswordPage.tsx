import { adminAuthEndpoints, authEndpoints } from '@omnichat/contracts';
import { Button, Form, Result } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { http } from '../../app/http/index.ts';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { AuthShell } from './AuthShell.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import './i18n/auth.ts';

interface ResetValues {
  password: string;
  confirm_password: string;
}

/** /auth/reset-password?token= and /auth/admin/reset-password?token= */
export function ResetPasswordPage({ kind }: { kind: 'user' | 'admin' }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<ResetValues>();
  const [done, setDone] = useState<string | null>(null);
  const loginPath = kind === 'admin' ? '/auth/admin/login' : '/auth/login';
  const endpoint = kind === 'admin' ? adminAuthEndpoints.resetPassword : authEndpoints.resetPassword;

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
      <ApiForm
        form={form}
        name={kind === 'admin' ? 'admin-reset-password' : 'reset-password'}
        success={false}
        submit={(values) => http.call(endpoint, { body: { token, ...values } })}
        onDone={(result) => setDone(result.message)}
      >
        <NewPasswordFields label={t('auth.newPassword')} size="large" autoFocus />
        <SubmitButton block size="large">
          {t('auth.resetPassword')}
        </SubmitButton>
      </ApiForm>
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
