import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { LIMITS, type Team, WORKSPACE_PERMISSION_GROUPS } from '@omnichat/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Empty,
  Flex,
  Grid,
  Input,
  Pagination,
  Result,
  Skeleton,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  theme,
} from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberPermissions } from '../../app/queries.ts';
import { useSession } from '../../app/session/use-session.ts';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { TeamFormDialog } from './TeamFormDialog.tsx';
import { listTeams, type TeamFilters, teamKeys, useDeleteTeam } from './teams-api.ts';

const PAGE_SIZE = 10;
const SUMMARY_TAGS = 3;

/** The typed search text, settled 500 ms after the last keystroke (SPEC 9). */
function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Each group the team can touch, at its highest level. */
type GroupLevel = { group: string; level: 'read' | 'write' };
function summarize(permissions: string[]): GroupLevel[] {
  const held = new Set(permissions);
  return WORKSPACE_PERMISSION_GROUPS.flatMap((group): GroupLevel[] => {
    if (held.has(`${group}_write`)) return [{ group, level: 'write' }];
    if (held.has(`${group}_read`)) return [{ group, level: 'read' }];
    return [];
  });
}

/** The form dialog keeps its team while it closes, so the closing dialog does not change. */
interface DialogState {
  open: boolean;
  teamId: string | null;
}

/** /app/organization/teams: teams with search and paging; create, edit and delete with team_write. */
export function TeamsPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;
  const { member: self, workspaceId, isAdmin } = useSession();
  const permissions = useMemberPermissions();
  const canWrite = isAdmin || (permissions.data ?? self?.permissions ?? []).includes('team_write');

  const [search, setSearch] = useState('');
  const keyword = useDebounced(search, LIMITS.searchDebounceMs);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const [dialog, setDialog] = useState<DialogState>({ open: false, teamId: null });
  const [deleting, setDeleting] = useState<Team | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  // a new search starts at the first page
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new keyword only
  useEffect(() => setPage(1), [keyword]);

  const filters: TeamFilters = { page, size, keyword };
  const teams = useQuery({
    queryKey: teamKeys.list(workspaceId, filters),
    queryFn: () => listTeams(filters),
    placeholderData: keepPreviousData,
  });

  const removeTeam = useDeleteTeam();

  const items = teams.data?.items ?? [];
  const pageInfo = teams.data?.page;

  const summary = (team: Team) => {
    const groups = summarize(team.permissions);
    if (groups.length === 0) return <Typography.Text type="secondary">{t('teams.noPermissions')}</Typography.Text>;
    const shown = groups.slice(0, SUMMARY_TAGS);
    const rest = groups.slice(SUMMARY_TAGS);
    return (
      <Flex gap={4} wrap>
        {shown.map(({ group, level }) => (
          <Tag key={group} color={level === 'write' ? 'blue' : undefined} style={{ marginInlineEnd: 0 }}>
            {t(`permissionGroups.${group}`)} · {t(`permissionChecklist.${level}`)}
          </Tag>
        ))}
        {rest.length > 0 && (
          <Tag
            style={{ marginInlineEnd: 0 }}
            title={rest
              .map(({ group, level }) => `${t(`permissionGroups.${group}`)} · ${t(`permissionChecklist.${level}`)}`)
              .join(', ')}
          >
            {t('teams.more', { count: rest.length })}
          </Tag>
        )}
      </Flex>
    );
  };

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

  const description = (team: Team) =>
    team.description ? (
      <Typography.Paragraph ellipsis={{ rows: 2, tooltip: team.description }} style={{ margin: 0, maxWidth: 320 }}>
        {team.description}
      </Typography.Paragraph>
    ) : (
      <Typography.Text type="secondary">-</Typography.Text>
    );

  const columns: TableColumnsType<Team> = [
    {
      key: 'name',
      title: t('teams.name'),
      render: (_, team) => <Typography.Text strong>{team.name}</Typography.Text>,
    },
    { key: 'description', title: t('teams.description'), render: (_, team) => description(team) },
    { key: 'members', title: t('teams.memberCount'), align: 'end', render: (_, team) => team.member_count },
    { key: 'permissions', title: t('teams.permissions'), render: (_, team) => summary(team) },
    ...(canWrite
      ? [{ key: 'actions', title: t('teams.actions'), render: (_: unknown, team: Team) => actions(team) }]
      : []),
  ];

  let body: ReactNode;
  if (teams.isError && !teams.data)
    body = (
      <Result
        status="error"
        title={t('teams.loadFailed')}
        extra={<Button onClick={() => void teams.refetch()}>{t('common.retry')}</Button>}
      />
    );
  else if (isPhone)
    body = teams.isPending ? (
      <Skeleton active paragraph={{ rows: 3 }} />
    ) : items.length === 0 ? (
      <Empty description={t('common.noData')} />
    ) : (
      <ul
        aria-label={t('teams.title')}
        aria-busy={teams.isFetching}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {items.map((team, index) => (
          <li
            key={team.id}
            style={{
              borderTop: index === 0 ? undefined : `1px solid ${token.colorBorderSecondary}`,
              padding: '12px 0',
            }}
          >
            <Flex vertical gap={8}>
              <Flex justify="space-between" gap={8} align="baseline">
                <Typography.Text strong style={{ minWidth: 0, wordBreak: 'break-word' }}>
                  {team.name}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                  {t('teams.memberTotal', { count: team.member_count })}
                </Typography.Text>
              </Flex>
              {team.description && (
                <Typography.Text type="secondary" style={{ wordBreak: 'break-word' }}>
                  {team.description}
                </Typography.Text>
              )}
              {summary(team)}
              {canWrite && actions(team)}
            </Flex>
          </li>
        ))}
      </ul>
    );
  else
    body = (
      <Table<Team>
        rowKey="id"
        columns={columns}
        dataSource={items}
        loading={teams.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('common.noData')} /> }}
      />
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
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input
            allowClear
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            prefix={<SearchOutlined aria-hidden />}
            placeholder={t('teams.searchPlaceholder')}
            aria-label={t('teams.search')}
            style={{ flex: '1 1 220px', minWidth: 0, maxWidth: 420 }}
          />
        </Flex>
        {body}
        {pageInfo && pageInfo.total > 0 && (
          <Flex justify="flex-end" style={{ marginTop: 16 }}>
            <Pagination
              current={pageInfo.page}
              pageSize={pageInfo.size}
              total={pageInfo.total}
              simple={isPhone}
              showSizeChanger={!isPhone}
              showTotal={isPhone ? undefined : (total) => t('teams.total', { count: total })}
              onChange={(nextPage, nextSize) => {
                if (nextSize !== size) {
                  setSize(nextSize);
                  setPage(1);
                } else setPage(nextPage);
              }}
            />
          </Flex>
        )}
      </Card>
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
            // the last team of a later page is gone: show the page before it
            if (items.length === 1 && page > 1) setPage(page - 1);
          }}
        />
      )}
    </>
  );
}
