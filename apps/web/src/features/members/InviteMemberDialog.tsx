import { emailField, translate, WORKSPACE_ROLES, type WorkspaceRole } from '@omnichat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/http/index.ts';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { toast } from '../../app/toast/toast-store.ts';
import { zodRule } from '../../ui/zod-rule.ts';
import { inviteMember, memberKeys } from './members-api.ts';

interface InviteValues {
  email: string;
  role: WorkspaceRole;
}

/** "Invite member": e-mail and role; the server mails a join link. */
export function InviteMemberDialog({
  open,
  onClose,
  canGrantOwner,
}: {
  open: boolean;
  onClose: () => void;
  /** Only owners may invite another owner. */
  canGrantOwner: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const [form] = Form.useForm<InviteValues>();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const roles = WORKSPACE_ROLES.filter((role) => canGrantOwner || role !== 'owner');

  const submit = async (values: InviteValues) => {
    setBusy(true);
    try {
      await inviteMember(values.email.trim(), values.role);
      toast.success(translate('invite_sent', locale));
      await queryClient.invalidateQueries({ queryKey: ['workspace-invites'] });
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      form.resetFields();
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        form.setFields(
          Object.entries(error.fields).map(([name, message]) => ({
            name: name as keyof InviteValues,
            errors: [message],
          })),
        );
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onCancel={onClose} title={t('members.inviteTitle')} footer={null} destroyOnHidden>
      <Form<InviteValues>
        form={form}
        layout="vertical"
        name="invite-member"
        noValidate
        initialValues={{ role: 'member' }}
        onFinish={submit}
        onFinishFailed={({ errorFields }) => console.warn('invite member: invalid fields', errorFields)}
        disabled={busy}
      >
        <Form.Item name="email" label={t('members.email')} required rules={[zodRule(emailField, locale)]}>
          <Input type="email" autoComplete="off" autoFocus />
        </Form.Item>
        <Form.Item name="role" label={t('members.role')} required>
          <Select options={roles.map((role) => ({ value: role, label: t(`roles.${role}`) }))} />
        </Form.Item>
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('members.inviteSend')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
