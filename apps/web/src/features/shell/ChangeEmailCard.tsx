import { type ChangeEmailBody, changeEmailBodySchema, emailField, selfEndpoints } from '@omnichat/contracts';
import { Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../app/http/index.ts';
import { toast } from '../../app/toast/toast-store.ts';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import './i18n/account.ts';

/** The e-mail change: the new address gets a confirmation link; the change happens when it is opened. */
export function ChangeEmailCard({ currentEmail }: { currentEmail?: string }) {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<ChangeEmailBody>();

  return (
    <Card title={t('account.changeEmail')}>
      <Typography.Paragraph type="secondary">
        {t('account.changeEmailHint', { email: currentEmail ?? '' })}
      </Typography.Paragraph>
      <ApiForm
        form={form}
        name="change-email"
        success={false}
        submit={(body) => http.call(selfEndpoints.changeEmail, { body, inlineFields: true })}
        onDone={(result) => {
          toast.success(result.message);
          form.resetFields();
        }}
        style={{ maxWidth: 480 }}
      >
        <Form.Item name="email" label={t('account.newEmail')} required rules={rules.zod(emailField)}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('account.passwordForEmail')}
          required
          rules={rules.zod(changeEmailBodySchema.shape.password)}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <SubmitButton>{t('account.sendConfirmation')}</SubmitButton>
      </ApiForm>
    </Card>
  );
}
