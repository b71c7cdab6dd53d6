import { changePasswordBodySchema, passwordField, translate } from '@omnichat/contracts';
import { Button, Card, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/http/index.ts';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { STORAGE_KEYS, writeString } from '../../app/storage.ts';
import { toast } from '../../app/toast/toast-store.ts';
import { matchesField, zodRule } from '../../ui/zod-rule.ts';
import { changeAdminPassword } from './admin-api.ts';

interface PasswordValues {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

/** POST /v1/admin/auth/change-password; other sessions end, this one keeps going with the new token. */
export function AdminPasswordCard() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: PasswordValues) => {
    setSaving(true);
    try {
      const result = await changeAdminPassword(values);
      if (result.token) writeString(STORAGE_KEYS.token, result.token);
      toast.success(translate('save_success', locale));
      form.resetFields();
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        form.setFields(
          Object.entries(error.fields).map(([name, message]) => ({ name: name as never, errors: [message] })),
        );
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('account.changePassword')}>
      <Form<PasswordValues>
        form={form}
        name="admin-change-password"
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
