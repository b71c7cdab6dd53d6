import { changeEmailBodySchema, emailField } from '@omnichat/contracts';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../app/http/index.ts';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { toast } from '../../app/toast/toast-store.ts';
import { setServerFields } from '../../ui/form-errors.ts';
import { zodRule } from '../../ui/zod-rule.ts';

interface EmailValues {
  email: string;
  password: string;
}

/** The e-mail change: the new address gets a confirmation link; the change happens when it is opened. */
export function ChangeEmailCard({ currentEmail }: { currentEmail?: string }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const [form] = Form.useForm<EmailValues>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: EmailValues) => {
    setBusy(true);
    try {
      const result = await http.post<{ message: string }>('/v1/self/email', values);
      toast.success(result.message);
      form.resetFields();
    } catch (error) {
      setServerFields(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('account.changeEmail')}>
      <Typography.Paragraph type="secondary">
        {t('account.changeEmailHint', { email: currentEmail ?? '' })}
      </Typography.Paragraph>
      <Form<EmailValues> form={form} layout="vertical" onFinish={submit} disabled={busy} style={{ maxWidth: 480 }}>
        <Form.Item name="email" label={t('account.newEmail')} required rules={[zodRule(emailField, locale)]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('account.passwordForEmail')}
          required
          rules={[zodRule(changeEmailBodySchema.shape.password, locale)]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('account.sendConfirmation')}
        </Button>
      </Form>
    </Card>
  );
}
