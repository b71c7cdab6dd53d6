import { type Member, translate } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { toast } from '../../app/toast/toast-store.ts';
import { WorkspacePermissionChecklist } from '../../ui/PermissionChecklist.tsx';
import { nameOf } from './MemberIdentity.tsx';
import { getMemberPermissions, memberKeys, useSaveMemberPermissions } from './members-api.ts';
import './i18n/members.ts';

/**
 * One member's own permissions (GET/PUT /v1/workspace/member/{id}/permission): a read and a write box per area,
 * read boxes only for a viewer. Owners and admins hold every permission and never open it.
 */
export function MemberPermissionsDrawer({
  member,
  workspaceId,
  onClose,
}: {
  member: Member | null;
  workspaceId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={member !== null}
      onClose={onClose}
      title={member ? t('members.permissionsOf', { name: nameOf(member) }) : ''}
      size="min(520px, 100vw)"
      destroyOnHidden
    >
      {member && <PermissionsEditor key={member.id} member={member} workspaceId={workspaceId} onClose={onClose} />}
    </Drawer>
  );
}

function PermissionsEditor({
  member,
  workspaceId,
  onClose,
}: {
  member: Member;
  workspaceId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const viewer = member.role === 'viewer';
  const query = useQuery({
    queryKey: memberKeys.permissions(workspaceId, member.id),
    queryFn: () => getMemberPermissions(member.id),
    select: (data) => data.permissions,
    staleTime: 0,
  });
  // the stored list until someone edits it, so a refetch never undoes a click
  const [edited, setEdited] = useState<string[] | null>(null);
  const selected = edited ?? query.data ?? [];
  const save = useSaveMemberPermissions(workspaceId, member.id);
  const onSave = () =>
    save.mutate(viewer ? selected.filter((name) => name.endsWith('_read')) : selected, {
      onSuccess: () => {
        toast.success(translate('save_success', locale));
        onClose();
      },
    });

  let body: ReactNode;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (query.isError)
    body = (
      <Alert
        type="warning"
        showIcon
        title={t('members.permissionsLoadFailed')}
        action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  else
    body = (
      <WorkspacePermissionChecklist
        value={selected}
        onChange={setEdited}
        disabled={save.isPending}
        readOnly={viewer}
        aria-label={t('members.permissionsOf', { name: nameOf(member) })}
      />
    );

  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">
        {viewer ? t('members.viewerPermissionsHint') : t('members.permissionsHint')}
      </Typography.Text>
      {body}
      <Flex justify="flex-end" gap={8} wrap>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" loading={save.isPending} disabled={!query.isSuccess} onClick={onSave}>
          {t('common.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
