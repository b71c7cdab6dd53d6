import {
  createTeamBodySchema,
  type TeamDetail,
  teamNameField,
  translate,
  WORKSPACE_PERMISSIONS,
  type WorkspacePermission,
} from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Modal, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/http/index.ts';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { toast } from '../../app/toast/toast-store.ts';
import { WorkspacePermissionChecklist } from '../../ui/PermissionChecklist.tsx';
import { zodRule } from '../../ui/zod-rule.ts';
import { type MemberOption, MemberPicker } from './MemberPicker.tsx';
import { getTeam, teamKeys, useSaveTeam } from './teams-api.ts';

interface FormValues {
  name: string;
  description?: string;
  member_ids: string[];
  permissions: string[];
}

const FORM_FIELDS = ['name', 'description', 'member_ids', 'permissions'] as const;
type FormField = (typeof FORM_FIELDS)[number];

/** `permissions.3` and `member_ids.0` belong to their list's control. */
function fieldOf(serverName: string): FormField | null {
  const base = serverName.split('.')[0] as FormField;
  return FORM_FIELDS.includes(base) ? base : null;
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
  const detail = useQuery({
    queryKey: teamKeys.detail(workspaceId, teamId ?? ''),
    queryFn: () => getTeam(teamId ?? ''),
    enabled: open && editing,
    staleTime: 0,
  });

  let body: ReactNode;
  if (!editing) body = <TeamForm key="new" team={null} onClose={onClose} />;
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
      <TeamForm key={`${detail.data.id}-${detail.dataUpdatedAt}`} team={detail.data} onClose={onClose} />
    );

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={editing ? t('teams.editTitle') : t('teams.createTitle')}
      footer={null}
      destroyOnHidden
      width={640}
    >
      {body}
    </Modal>
  );
}

function TeamForm({ team, onClose }: { team: TeamDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveTeam();

  const known: MemberOption[] = (team?.members ?? []).map((member) => ({
    value: member.id,
    label: member.user.display_name
      ? `${member.user.display_name} (@${member.user.username})`
      : `@${member.user.username}`,
  }));

  const submit = async (values: FormValues) => {
    const body = {
      name: values.name.trim(),
      description: (values.description ?? '').trim(),
      permissions: sorted(values.permissions ?? []),
      member_ids: values.member_ids ?? [],
    };
    try {
      await save.mutateAsync({ id: team?.id, body });
      toast.success(translate('save_success', locale));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        const errors = new Map<FormField, string>();
        for (const [name, message] of Object.entries(error.fields)) {
          const field = fieldOf(name);
          if (field && !errors.has(field)) errors.set(field, message);
        }
        form.setFields([...errors].map(([name, message]) => ({ name, errors: [message] })));
      }
    }
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      name={team ? 'edit-team' : 'create-team'}
      initialValues={{
        name: team?.name ?? '',
        description: team?.description ?? '',
        member_ids: team?.members.map((member) => member.id) ?? [],
        permissions: team?.permissions ?? [],
      }}
      onFinish={submit}
      onFinishFailed={({ errorFields }) => console.warn('team: invalid fields', errorFields)}
      requiredMark
    >
      <Form.Item
        name="name"
        label={t('teams.name')}
        required
        rules={[zodRule(teamNameField, locale)]}
        validateTrigger={['onChange', 'onBlur']}
      >
        <Input autoFocus autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('teams.description')}
        rules={[zodRule(createTeamBodySchema.shape.description, locale)]}
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
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {team ? t('common.save') : t('common.create')}
        </Button>
      </Flex>
    </Form>
  );
}
