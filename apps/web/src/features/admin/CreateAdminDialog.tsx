import { displayNameField, emailField, passwordField, translate, usernameField } from '@omnichat/contracts';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/http/index.ts';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { toast } from '../../app/toast/toast-store.ts';
import { zodRule } from '../../ui/zod-rule.ts';
import { type CreateAdminBody, createSystemAdmin } from './admin-api.ts';
import { AdminPermissionChecklist } from './PermissionChecklist.tsx';

interface CreateAdminDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}

/** "Create admin": username, display name, e-mail, password (contract messages) and permissions. */
export function CreateAdminDialog({ open, onClose, onCreated }: CreateAdminDialogProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const [form] = Form.useForm<CreateAdminBody>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: CreateAdminBody) => {
    setSaving(true);
    try {
      await createSystemAdmin({
        username: values.username.trim(),
        display_name: values.display_name.trim(),
        email: values.email.trim(),
        password: values.password,
        permissions: values.permissions ?? [],
      });
      toast.success(translate('save_success', locale));
      form.resetFields();
      onCreated();
      onClose();
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
    <Modal
      open={open}
      title={t('adminPages.systemAdmins.createTitle')}
      onCancel={() => !saving && onClose()}
      okText={t('common.create')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
      width={560}
    >
      <Form<CreateAdminBody>
        form={form}
        name="create-admin"
        layout="vertical"
        noValidate
        preserve={false}
        initialValues={{ permissions: [] }}
        onFinish={submit}
        onFinishFailed={({ errorFields }) => console.warn('create admin: invalid fields', errorFields)}
        disabled={saving}
      >
        <Form.Item
          name="username"
          label={t('adminPages.systemAdmins.username')}
          required
          rules={[zodRule(usernameField, locale)]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="display_name"
          label={t('adminPages.systemAdmins.displayName')}
          required
          rules={[zodRule(displayNameField, locale)]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('adminPages.systemAdmins.email')}
          required
          rules={[zodRule(emailField, locale)]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('adminPages.systemAdmins.password')}
          required
          rules={[zodRule(passwordField, locale)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="permissions" label={t('adminPages.systemAdmins.permissions')}>
          <AdminPermissionChecklist />
        </Form.Item>
      </Form>
    </Modal>
  );
}
