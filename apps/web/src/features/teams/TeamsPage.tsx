import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Team } from '@omnichat/contracts';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberPermissions } from '../../app/queries.ts';
import { useSession } from '../../app/session/use-session.ts';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { type ListColumn, ListView } from '../../ui/list/ListView.tsx';
import { useList } from '../../ui/list/use-list.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Text } from '../../ui/text.tsx';
import { PermissionSummary } from './PermissionSummary.tsx';
import { TeamFormDialog } from './TeamFormDialog.tsx';
import { listTeams, teamKeys, useDeleteTeam } from './teams-api.ts';
import './i18n/teams.ts';

/** The form dialog keeps its team while it closes, so the closing dialog does not change. */
interface DialogState {
  open: boolean;
  teamId: string | null;
}

/** /app/organization/teams: teams with search, sorting and paging; create, edit and delete with team_write. */
export function TeamsPage() {
  const { t } = useTranslation();
  const { member: self, workspaceId, isAdmin } = useSession();
  const permissions = useMemberPermissions();
  const canWrite = isAdmin || (permissions.data ?? self?.permissions ?? []).includes('team_write');

  const list = useList({
    queryKey: (params) => teamKeys.list(workspaceId, params),
    fetchPage: listTeams,
    filters: {},
  });
  const [dialog, setDialog] = useState<DialogState>({ open: false, teamId: null });
  const [deleting, setDeleting] = useState<Team | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const removeTeam = useDeleteTeam();

  const actions = (team: Team) => (
    <Flex gap={8} wrap>
      <Button
        size="small"
        icon={<EditOutlined aria-hidden />}
        onClick={() => setDialog({ open: true, teamId: team.id })}
        aria-label={t('teams.editNamed', { name: team.name })}
      >
        {t('teams.edit')}
      </Button>
      <Button
        size="small"
        danger
        icon={<DeleteOutlined aria-hidden />}
        onClick={() => {
          setDeleting(team);
          setDeleteOpen(true);
        }}
        aria-label={t('teams.deleteNamed', { name: team.name })}
      >
        {t('teams.delete')}
      </Button>
    </Flex>
  );

  const columns: ListColumn<Team>[] = [
    { key: 'name', title: t('teams.name'), sortable: true, render: (team) => <Text strong>{team.name}</Text> },
    {
      key: 'description',
      title: t('teams.description'),
      render: (team) =>
        team.description ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: team.description }} style={{ margin: 0, maxWidth: 320 }}>
            {team.description}
          </Typography.Paragraph>
        ) : (
          <Text secondary>-</Text>
        ),
    },
    {
      key: 'member_count',
      title: t('teams.memberCount'),
      align: 'end',
      sortable: true,
      render: (team) => team.member_count,
    },
    {
      key: 'permissions',
      title: t('teams.permissions'),
      render: (team) => <PermissionSummary permissions={team.permissions} />,
    },
    ...(canWrite ? [{ key: 'actions', title: t('teams.actions'), actions: true, render: actions }] : []),
  ];

  const card = (team: Team) => (
    <Flex vertical gap={8}>
      <Flex justify="space-between" gap={8} align="baseline">
        <Text strong style={{ minWidth: 0, wordBreak: 'break-word' }}>
          {team.name}
        </Text>
        <Text secondary style={{ whiteSpace: 'nowrap' }}>
          {t('teams.memberTotal', { count: team.member_count })}
        </Text>
      </Flex>
      {team.description && (
        <Text secondary style={{ wordBreak: 'break-word' }}>
          {team.description}
        </Text>
      )}
      <PermissionSummary permissions={team.permissions} />
      {canWrite && actions(team)}
    </Flex>
  );

  return (
    <>
      <PageHeader
        title={t('teams.title')}
        subtitle={t('teams.subtitle')}
        extra={
          canWrite ? (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => setDialog({ open: true, teamId: null })}
            >
              {t('teams.create')}
            </Button>
          ) : null
        }
      />
      <ListView<Team>
        list={list}
        label={t('teams.title')}
        rowKey={(team) => team.id}
        columns={columns}
        card={card}
        search={{ label: t('teams.search'), placeholder: t('teams.searchPlaceholder') }}
        loadFailed={t('teams.loadFailed')}
      />
      {canWrite && (
        <TeamFormDialog
          open={dialog.open}
          teamId={dialog.teamId}
          workspaceId={workspaceId}
          onClose={() => setDialog((current) => ({ ...current, open: false }))}
        />
      )}
      {canWrite && (
        <DeleteDialog
          open={deleteOpen}
          onClose={() => setDeleteOpen(false)}
          title={t('teams.deleteTitle')}
          message={t('teams.deleteMessage', { name: deleting?.name ?? '' })}
          confirmText={t('teams.delete')}
          onConfirm={async () => {
            if (!deleting) return;
            await removeTeam.mutateAsync(deleting.id);
            list.removedOne();
          }}
        />
      )}
    </>
  );
}
