import { MailOutlined } from '@ant-design/icons';
import { adminAuthEndpoints, authEndpoints, emailField } from '@omnichat/contracts';
import { Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { http } from '../../app/http/index.ts';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import { AuthShell } from './AuthShell.tsx';
import './i18n/auth.ts';

const PAGES = {
  user: { endpoint: authEndpoints.forgotPassword, login: '/auth/login', name: 'forgot-password' },
  admin: { endpoint: adminAuthEndpoints.forgotPassword, login: '/auth/admin/login', name: 'admin-forgot-password' },
  verification: { endpoint: authEndpoints.resendVerification, login: '/auth/login', name: 'resend-verification' },
} as const;

/**
 * Pages that mail a link to an address: /auth/forgot-password, /auth/admin/forgot-password and
 * /auth/resend-verification. The answer never says whether the address has an account.
 */
export function ForgotPasswordPage({ kind }: { kind: keyof typeof PAGES }) {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<{ email: string }>();
  const [sent, setSent] = useState<string | null>(null);
  const { endpoint, login: loginPath, name } = PAGES[kind];
  const verification = kind === 'verification';

  const back = <Link to={loginPath}>{t('auth.backToSignIn')}</Link>;
  return (
    <AuthShell
      title={verification ? t('auth.resendTitle') : t('auth.forgotTitle')}
      subtitle={sent ? undefined : verification ? t('auth.resendSubtitle') : t('auth.forgotSubtitle')}
      footer={back}
    >
      {sent ? (
        <Result status="success" title={sent} />
      ) : (
        <ApiForm
          form={form}
          name={name}
          success={false}
          submit={({ email }) => http.call(endpoint, { body: { email: email.trim() } })}
          onDone={(result) => setSent(result.message)}
        >
          <Form.Item name="email" label={t('auth.email')} required rules={rules.zod(emailField)}>
            <Input type="email" prefix={<MailOutlined />} autoComplete="email" autoFocus size="large" />
          </Form.Item>
          <SubmitButton block size="large">
            {verification ? t('auth.sendVerificationLink') : t('auth.sendResetLink')}
          </SubmitButton>
        </ApiForm>
      )}
    </AuthShell>
  );
}
