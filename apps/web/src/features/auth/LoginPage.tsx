import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { loginBodySchema } from '@omnichat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { usePublicSettings } from '../../app/queries.ts';
import { zodRule } from '../../ui/zod-rule.ts';
import { AuthShell } from './AuthShell.tsx';
import { GoogleSignInButton } from './GoogleSignInButton.tsx';
import { googleLoginBody } from './google-identity.ts';
import { loginAdmin, loginAdminWithGoogle, loginUser, loginUserWithGoogle } from './login-flow.ts';

interface LoginValues {
  username_or_email: string;
  password: string;
}

/** /auth/login (organization users) and /auth/admin/login (system admins). */
export function LoginPage({ kind }: { kind: 'user' | 'admin' }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const settings = usePublicSettings();
  const [busy, setBusy] = useState(false);
  const admin = kind === 'admin';
  // a page that sent the visitor here (e.g. the join link) gets them back after a user login
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const back = !admin && redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : null;

  const finish = async (run: () => Promise<string | false>) => {
    setBusy(true);
    try {
      const destination = await run();
      if (destination) {
        queryClient.clear();
        navigate(back ?? destination, { replace: true });
      }
    } finally {
      setBusy(false);
    }
  };

  const onFinish = (values: LoginValues) =>
    finish(() =>
      admin ? loginAdmin(values) : loginUser({ ...values, username_or_email: values.username_or_email.trim() }),
    );
  const onGoogle = (idToken: string) =>
    finish(() =>
      admin ? loginAdminWithGoogle(googleLoginBody(idToken)) : loginUserWithGoogle(googleLoginBody(idToken)),
    );

  const shape = loginBodySchema.shape;
  return (
    <AuthShell
      title={admin ? t('auth.adminSignInTitle') : t('auth.signInTitle')}
      subtitle={admin ? t('auth.adminSignInSubtitle') : t('auth.signInSubtitle')}
      footer={
        <Typography.Text type="secondary">
          {admin ? (
            <Link to="/auth/login">{t('auth.userSignInLink')}</Link>
          ) : (
            <>
              {t('auth.noAccount')} <Link to="/auth/register">{t('auth.signUp')}</Link>
              {' · '}
              <Link to="/auth/resend-verification">{t('auth.resendVerificationLink')}</Link>
              {' · '}
              <Link to="/auth/admin/login">{t('auth.adminPanelLink')}</Link>
            </>
          )}
        </Typography.Text>
      }
    >
      <Form<LoginValues>
        layout="vertical"
        name={admin ? 'admin-login' : 'login'}
        onFinish={onFinish}
        onFinishFailed={({ errorFields }) => console.warn('login: invalid fields', errorFields)}
        disabled={busy}
        requiredMark={false}
      >
        <Form.Item
          name="username_or_email"
          label={t('auth.usernameOrEmail')}
          rules={[zodRule(shape.username_or_email, locale)]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={[zodRule(shape.password, locale)]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
        </Form.Item>
        <Flex justify="flex-end" style={{ marginTop: -12, marginBottom: 16 }}>
          <Link to={admin ? '/auth/admin/forgot-password' : '/auth/forgot-password'}>{t('auth.forgotPassword')}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('auth.signIn')}
        </Button>
      </Form>
      <GoogleSignInButton
        clientId={settings.data?.['google.client.id']}
        onCredential={(token) => void onGoogle(token)}
      />
    </AuthShell>
  );
}
