import { emailField, WORKSPACE_ROLES, type WorkspaceRole } from '@omnichat/contracts';
import { Button, Flex, Form, Input, type InputRef, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import { useOpeningFocus } from '../../ui/use-opening-focus.ts';
import { useInviteMember } from './members-api.ts';
import './i18n/members.ts';

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
  const rules = useRules();
  const opening = useOpeningFocus<InputRef>();
  const [form] = Form.useForm<InviteValues>();
  const invite = useInviteMember();
  const roles = WORKSPACE_ROLES.filter((role) => canGrantOwner || role !== 'owner');

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('members.inviteTitle')}
      footer={null}
      destroyOnHidden
      afterOpenChange={opening.afterOpenChange}
    >
      <ApiForm
        form={form}
        name="invite-member"
        initialValues={{ role: 'member' }}
        submit={(values: InviteValues) => invite.mutateAsync({ email: values.email.trim(), role: values.role })}
        success="invite_sent"
        onDone={onClose}
      >
        <Form.Item name="email" label={t('members.email')} required rules={rules.zod(emailField)}>
          <Input ref={opening.field} type="email" autoComplete="off" autoFocus />
        </Form.Item>
        <Form.Item name="role" label={t('members.role')} required>
          <Select options={roles.map((role) => ({ value: role, label: t(`roles.${role}`) }))} />
        </Form.Item>
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <SubmitButton>{t('members.inviteSend')}</SubmitButton>
        </Flex>
      </ApiForm>
    </Modal>
  );
}
