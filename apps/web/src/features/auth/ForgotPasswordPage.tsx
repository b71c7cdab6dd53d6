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

/** /auth/forgot-password and /auth/admin/forgot-password. */
export function ForgotPasswordPage({ kind }: { kind: 'user' | 'admin' }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const loginPath = kind === 'admin' ? '/auth/admin/login' : '/auth/login';
  const endpoint = kind === 'admin' ? '/public/v1/admin/auth/forgot-password' : '/public/v1/auth/forgot-password';

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
    <AuthShell title={t('auth.forgotTitle')} subtitle={sent ? undefined : t('auth.forgotSubtitle')} footer={back}>
      {sent ? (
        <Result status="success" title={sent} />
      ) : (
        <Form
          layout="vertical"
          name={kind === 'admin' ? 'admin-forgot-password' : 'forgot-password'}
          noValidate
          onFinish={onFinish}
          onFinishFailed={({ errorFields }) => console.warn('forgot password: invalid fields', errorFields)}
          disabled={busy}
        >
          <Form.Item name="email" label={t('auth.email')} required rules={[zodRule(emailField, locale)]}>
            <Input type="email" prefix={<MailOutlined />} autoComplete="email" autoFocus size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {t('auth.sendResetLink')}
          </Button>
        </Form>
      )}
    </AuthShell>
  );
}
