import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { authEndpoints, loginBodySchema } from '@omnichat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { http } from '../../app/http/index.ts';
import { usePublicSettings } from '../../app/queries.ts';
import {
  loginAdmin,
  loginAdminWithGoogle,
  loginUser,
  loginUserWithGoogle,
  unverifiedLogin,
} from '../../app/session/login-flow.ts';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import { AuthShell } from './AuthShell.tsx';
import { GoogleSignInButton } from './GoogleSignInButton.tsx';
import { googleLoginBody } from './google-identity.ts';
import './i18n/auth.ts';

interface LoginValues {
  username_or_email: string;
  password: string;
}

/** /auth/login (organization users) and /auth/admin/login (system admins). */
export function LoginPage({ kind }: { kind: 'user' | 'admin' }) {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<LoginValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const settings = usePublicSettings();
  const admin = kind === 'admin';
  // a page that sent the visitor here (e.g. the join link) gets them back after a user login
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const back = !admin && redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : null;

  // a login answers where to go next, or false when it failed (the HTTP client has said why)
  const login = useMutation({
    mutationFn: (run: () => Promise<string | false>) => run(),
    onSuccess: (destination) => {
      if (!destination) return;
      queryClient.clear();
      navigate(back ?? destination, { replace: true });
    },
  });
  // the right password of an account whose e-mail is not verified: said in the form, with a resend button
  const [unverified, setUnverified] = useState<{ message: string; login: string } | null>(null);
  const resend = useMutation({
    mutationFn: (typed: string) => http.call(authEndpoints.resendVerification, { body: { username_or_email: typed } }),
  });
  const withPassword = async (values: LoginValues) => {
    const typed = values.username_or_email.trim();
    setUnverified(null);
    resend.reset();
    try {
      return await login.mutateAsync(() =>
        admin ? loginAdmin(values) : loginUser({ ...values, username_or_email: typed }),
      );
    } catch (error) {
      const message = unverifiedLogin(error);
      if (message === null) throw error;
      setUnverified({ message, login: typed });
      return false;
    }
  };
  const withGoogle = (idToken: string) =>
    login.mutate(() =>
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
      <ApiForm
        form={form}
        name={admin ? 'admin-login' : 'login'}
        submit={withPassword}
        success={false}
        disabled={login.isPending}
        requiredMark={false}
      >
        <Form.Item
          name="username_or_email"
          label={t('auth.usernameOrEmail')}
          rules={rules.zod(shape.username_or_email)}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={rules.zod(shape.password)}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
        </Form.Item>
        <Flex justify="flex-end" style={{ marginTop: -12, marginBottom: 16 }}>
          <Link to={admin ? '/auth/admin/forgot-password' : '/auth/forgot-password'}>{t('auth.forgotPassword')}</Link>
        </Flex>
        {unverified && (
          <Alert
            type={resend.isSuccess ? 'success' : 'warning'}
            showIcon
            style={{ marginBottom: 16 }}
            title={resend.data?.message ?? unverified.message}
            action={
              !resend.isSuccess && (
                <Button size="small" loading={resend.isPending} onClick={() => resend.mutate(unverified.login)}>
                  {t('auth.resendVerification')}
                </Button>
              )
            }
          />
        )}
        <SubmitButton block size="large">
          {t('auth.signIn')}
        </SubmitButton>
      </ApiForm>
      <GoogleSignInButton clientId={settings.data?.['google.client.id']} onCredential={withGoogle} />
    </AuthShell>
  );
}
