import {
  createTeamBodySchema,
  type TeamDetail,
  teamNameField,
  WORKSPACE_PERMISSIONS,
  type WorkspacePermission,
} from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, type InputRef, Modal, Skeleton } from 'antd';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import { WorkspacePermissionChecklist } from '../../ui/PermissionChecklist.tsx';
import { useOpeningFocus } from '../../ui/use-opening-focus.ts';
import { type MemberOption, MemberPicker } from './MemberPicker.tsx';
import { getTeam, teamKeys, useSaveTeam } from './teams-api.ts';
import './i18n/teams.ts';

interface FormValues {
  name: string;
  description?: string;
  member_ids: string[];
  permissions: string[];
}

const ORDER = new Map<string, number>(WORKSPACE_PERMISSIONS.map((permission, index) => [permission, index]));
/** Known permissions in the contracts' order (the server refuses unknown ones). */
const sorted = (permissions: string[]) =>
  (permissions.filter((p) => ORDER.has(p)) as WorkspacePermission[]).sort(
    (a, b) => (ORDER.get(a) ?? 999) - (ORDER.get(b) ?? 999),
  );

interface TeamFormDialogProps {
  open: boolean;
  /** The team to edit; null creates one. */
  teamId: string | null;
  workspaceId: string | null;
  onClose: () => void;
}

/** Create or edit a team: name, description, members and a permission matrix. */
export function TeamFormDialog({ open, teamId, workspaceId, onClose }: TeamFormDialogProps) {
  const { t } = useTranslation();
  const editing = teamId !== null;
  const opening = useOpeningFocus<InputRef>();
  const detail = useQuery({
    queryKey: teamKeys.detail(workspaceId, teamId ?? ''),
    queryFn: () => getTeam(teamId ?? ''),
    enabled: open && editing,
    staleTime: 0,
  });

  let body: ReactNode;
  if (!editing) body = <TeamForm key="new" team={null} onClose={onClose} nameRef={opening.field} />;
  else if (detail.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (detail.isError || !detail.data)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('teams.loadOneFailed')}
        action={<Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>}
      />
    );
  else
    body = (
      // fresh data (asked again on every open) restarts the form
      <TeamForm
        key={`${detail.data.id}-${detail.dataUpdatedAt}`}
        team={detail.data}
        onClose={onClose}
        nameRef={opening.field}
      />
    );

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={editing ? t('teams.editTitle') : t('teams.createTitle')}
      footer={null}
      destroyOnHidden
      width={640}
      afterOpenChange={opening.afterOpenChange}
    >
      {body}
    </Modal>
  );
}

function TeamForm({
  team,
  onClose,
  nameRef,
}: {
  team: TeamDetail | null;
  onClose: () => void;
  nameRef: Ref<InputRef>;
}) {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveTeam();

  const known: MemberOption[] = (team?.members ?? []).map((member) => ({
    value: member.id,
    label: member.user.display_name
      ? `${member.user.display_name} (@${member.user.username})`
      : `@${member.user.username}`,
  }));

  const submit = (values: FormValues) =>
    save.mutateAsync({
      id: team?.id,
      body: {
        name: values.name.trim(),
        description: (values.description ?? '').trim(),
        permissions: sorted(values.permissions ?? []),
        member_ids: values.member_ids ?? [],
      },
    });

  return (
    <ApiForm<FormValues>
      form={form}
      name={team ? 'edit-team' : 'create-team'}
      submit={submit}
      onDone={onClose}
      initialValues={{
        name: team?.name ?? '',
        description: team?.description ?? '',
        member_ids: team?.members.map((member) => member.id) ?? [],
        permissions: team?.permissions ?? [],
      }}
      requiredMark
    >
      <Form.Item
        name="name"
        label={t('teams.name')}
        required
        rules={rules.zod(teamNameField)}
        validateTrigger={['onChange', 'onBlur']}
      >
        <Input ref={nameRef} autoFocus autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('teams.description')}
        rules={rules.zod(createTeamBodySchema.shape.description)}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Form.Item name="member_ids" label={t('teams.members')}>
        <MemberPicker known={known} />
      </Form.Item>
      <Form.Item name="permissions" label={t('teams.permissions')} extra={t('teams.permissionsHint')}>
        <WorkspacePermissionChecklist aria-label={t('teams.permissions')} />
      </Form.Item>
      <Flex justify="flex-end" gap={8} wrap>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <SubmitButton>{team ? t('common.save') : t('common.create')}</SubmitButton>
      </Flex>
    </ApiForm>
  );
}
