import { type ChangePasswordBody, changePasswordBodySchema, passwordField } from '@omnichat/contracts';
import { Card, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS, writeString } from '../../app/storage.ts';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import './i18n/account.ts';

/**
 * The password change of a user or a system admin: `change` posts it; other sessions end and this one keeps
 * going with the token it answers.
 */
export function ChangePasswordCard({
  change,
  formName,
}: {
  change: (values: ChangePasswordBody) => Promise<{ token: string }>;
  formName: string;
}) {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<ChangePasswordBody>();

  return (
    <Card title={t('account.changePassword')}>
      <ApiForm
        form={form}
        name={formName}
        submit={change}
        onDone={(result) => {
          if (result.token) writeString(STORAGE_KEYS.token, result.token);
          form.resetFields();
        }}
        style={{ maxWidth: 560 }}
      >
        <Form.Item
          name="old_password"
          label={t('account.oldPassword')}
          required
          rules={rules.zod(changePasswordBodySchema.shape.old_password)}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="new_password" label={t('account.newPassword')} required rules={rules.zod(passwordField)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t('account.confirmPassword')}
          required
          dependencies={['new_password']}
          rules={rules.matches('new_password')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Flex justify="flex-end">
          <SubmitButton>{t('account.updatePassword')}</SubmitButton>
        </Flex>
      </ApiForm>
    </Card>
  );
}
