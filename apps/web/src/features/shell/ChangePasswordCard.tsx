import { changePasswordBodySchema, passwordField, translate } from '@omnichat/contracts';
import { Button, Card, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { STORAGE_KEYS, writeString } from '../../app/storage.ts';
import { toast } from '../../app/toast/toast-store.ts';
import { setServerFields } from '../../ui/form-errors.ts';
import { matchesField, zodRule } from '../../ui/zod-rule.ts';

export interface PasswordValues {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

/**
 * The password change of a user or a system admin: `change` posts it; other sessions end and this one keeps
 * going with the token it answers.
 */
export function ChangePasswordCard({
  change,
  formName,
}: {
  change: (values: PasswordValues) => Promise<{ token: string }>;
  formName: string;
}) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: PasswordValues) => {
    setSaving(true);
    try {
      const result = await change(values);
      if (result.token) writeString(STORAGE_KEYS.token, result.token);
      toast.success(translate('save_success', locale));
      form.resetFields();
    } catch (error) {
      setServerFields(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('account.changePassword')}>
      <Form<PasswordValues>
        form={form}
        name={formName}
        layout="vertical"
        noValidate
        onFinish={submit}
        onFinishFailed={({ errorFields }) => console.warn('change password: invalid fields', errorFields)}
        disabled={saving}
        style={{ maxWidth: 560 }}
      >
        <Form.Item
          name="old_password"
          label={t('account.oldPassword')}
          required
          rules={[zodRule(changePasswordBodySchema.shape.old_password, locale)]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="new_password"
          label={t('account.newPassword')}
          required
          rules={[zodRule(passwordField, locale)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t('account.confirmPassword')}
          required
          dependencies={['new_password']}
          rules={[matchesField('new_password', locale)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('account.updatePassword')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
