import { displayNameField, emailField, type RegisterBody, usernameField } from '@omnichat/contracts';
import { Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, http } from '../../app/http/index.ts';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { zodRule } from '../../ui/zod-rule.ts';
import { AuthShell } from './AuthShell.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';

/** /auth/register: creates an account; the server mails a verification link. */
export function RegisterPage() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const [form] = Form.useForm<RegisterBody>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const onFinish = async (values: RegisterBody) => {
    setBusy(true);
    try {
      const data = await http.post<{ message: string }>('/public/v1/auth/register', {
        ...values,
        username: values.username.trim(),
        display_name: values.display_name.trim(),
        email: values.email.trim(),
      });
      setDone(data.message);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        form.setFields(
          Object.entries(error.fields).map(([name, message]) => ({
            name: name as keyof RegisterBody,
            errors: [message],
          })),
        );
      }
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <AuthShell title={t('auth.registerDoneTitle')}>
        <Result
          status="success"
          title={done}
          extra={
            <Link to="/auth/login">
              <Button type="primary">{t('auth.goToSignIn')}</Button>
            </Link>
          }
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title={t('auth.registerTitle')}
      subtitle={t('auth.registerSubtitle')}
      footer={
        <Typography.Text type="secondary">
          {t('auth.haveAccount')} <Link to="/auth/login">{t('auth.signIn')}</Link>
        </Typography.Text>
      }
    >
      <Form<RegisterBody>
        form={form}
        layout="vertical"
        name="register"
        noValidate
        onFinish={onFinish}
        onFinishFailed={({ errorFields }) => console.warn('register: invalid fields', errorFields)}
        disabled={busy}
      >
        <Form.Item name="username" label={t('auth.username')} required rules={[zodRule(usernameField, locale)]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          name="display_name"
          label={t('auth.displayName')}
          required
          rules={[zodRule(displayNameField, locale)]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item name="email" label={t('auth.email')} required rules={[zodRule(emailField, locale)]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <NewPasswordFields label={t('auth.password')} />
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('auth.createAccount')}
        </Button>
      </Form>
    </AuthShell>
  );
}
