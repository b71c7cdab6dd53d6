import {
  type CreateSystemAdminBody,
  displayNameField,
  emailField,
  isAdminPermission,
  passwordField,
  usernameField,
} from '@omnichat/contracts';
import { Button, Flex, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import { useCreateSystemAdmin } from './admin-api.ts';
import { AdminPermissionChecklist } from './PermissionChecklist.tsx';

interface CreateAdminDialogProps {
  open: boolean;
  onClose: () => void;
}

/** "Create admin": username, display name, e-mail, password (contract messages) and permissions. */
export function CreateAdminDialog({ open, onClose }: CreateAdminDialogProps) {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<CreateSystemAdminBody>();
  const create = useCreateSystemAdmin();

  const submit = (values: CreateSystemAdminBody) =>
    create.mutateAsync({
      username: values.username.trim(),
      display_name: values.display_name.trim(),
      email: values.email.trim(),
      password: values.password,
      permissions: (values.permissions ?? []).filter(isAdminPermission),
    });

  return (
    <Modal
      open={open}
      title={t('adminPages.systemAdmins.createTitle')}
      onCancel={() => !create.isPending && onClose()}
      footer={null}
      destroyOnHidden
      width={560}
    >
      <ApiForm
        form={form}
        name="create-admin"
        preserve={false}
        initialValues={{ permissions: [] }}
        submit={submit}
        onDone={onClose}
      >
        <Form.Item
          name="username"
          label={t('adminPages.systemAdmins.username')}
          required
          rules={rules.zod(usernameField)}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="display_name"
          label={t('adminPages.systemAdmins.displayName')}
          required
          rules={rules.zod(displayNameField)}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="email" label={t('adminPages.systemAdmins.email')} required rules={rules.zod(emailField)}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('adminPages.systemAdmins.password')}
          required
          rules={rules.zod(passwordField)}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="permissions" label={t('adminPages.systemAdmins.permissions')}>
          <AdminPermissionChecklist />
        </Form.Item>
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <SubmitButton>{t('common.create')}</SubmitButton>
        </Flex>
      </ApiForm>
    </Modal>
  );
}
