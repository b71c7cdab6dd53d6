import { MailOutlined } from '@ant-design/icons';
import { emailField } from '@omnichat/contracts';
import { Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { http } from '../../app/http/index.ts';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { zodRule } from '../../ui/zod-rule.ts';
import { AuthShell } from './AuthShell.tsx';

const PAGES = {
  user: { endpoint: '/public/v1/auth/forgot-password', login: '/auth/login', name: 'forgot-password' },
  admin: {
    endpoint: '/public/v1/admin/auth/forgot-password',
    login: '/auth/admin/login',
    name: 'admin-forgot-password',
  },
  verification: { endpoint: '/public/v1/auth/resend-verification', login: '/auth/login', name: 'resend-verification' },
} as const;

/**
 * Pages that mail a link to an address: /auth/forgot-password, /auth/admin/forgot-password and
 * /auth/resend-verification. The answer never says whether the address has an account.
 */
export function ForgotPasswordPage({ kind }: { kind: keyof typeof PAGES }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const { endpoint, login: loginPath, name } = PAGES[kind];
  const verification = kind === 'verification';

  const onFinish = async ({ email }: { email: string }) => {
    setBusy(true);
    try {
      const data = await http.post<{ message: string }>(endpoint, { email: email.trim() });
      setSent(data.message);
    } catch {
      // the HTTP client already showed the error
    } finally {
      setBusy(false);
    }
  };

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
        <Form
          layout="vertical"
          name={name}
          noValidate
          onFinish={onFinish}
          onFinishFailed={({ errorFields }) => console.warn('forgot password: invalid fields', errorFields)}
          disabled={busy}
        >
          <Form.Item name="email" label={t('auth.email')} required rules={[zodRule(emailField, locale)]}>
            <Input type="email" prefix={<MailOutlined />} autoComplete="email" autoFocus size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {verification ? t('auth.sendVerificationLink') : t('auth.sendResetLink')}
          </Button>
        </Form>
      )}
    </AuthShell>
  );
}
