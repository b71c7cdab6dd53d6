import { SearchOutlined, UserAddOutlined } from '@ant-design/icons';
import { LIMITS, type Member, translate, WORKSPACE_ROLES, type WorkspaceRole } from '@omnichat/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Avatar,
  Button,
  Card,
  Empty,
  Flex,
  Grid,
  Input,
  Pagination,
  Result,
  Select,
  Skeleton,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  theme,
} from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { useMemberPermissions } from '../../app/queries.ts';
import { useSession } from '../../app/session/use-session.ts';
import { toast } from '../../app/toast/toast-store.ts';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { InviteMemberDialog } from './InviteMemberDialog.tsx';
import {
  changeMemberRole,
  listMembers,
  type MemberFilters,
  memberKeys,
  removeMember,
  setMemberActive,
} from './members-api.ts';
import { PendingInvites } from './PendingInvites.tsx';

const PAGE_SIZE = 10;

/** The typed search text, settled 500 ms after the last keystroke (SPEC 9). */
function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

const formatJoined = (seconds: number) => (seconds > 0 ? dayjs.unix(seconds).format('YYYY-MM-DD') : '-');

/** /app/organization/users: members with search, filters, paging, role/status changes, invitations. */
export function MembersPage() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;
  const queryClient = useQueryClient();
  const { member: self, workspaceId, isAdmin } = useSession();
  const permissions = useMemberPermissions();
  const canWrite = isAdmin || (permissions.data ?? self?.permissions ?? []).includes('member_write');
  const isOwner = self?.role === 'owner';

  const [search, setSearch] = useState('');
  const keyword = useDebounced(search, LIMITS.searchDebounceMs);
  const [role, setRole] = useState<WorkspaceRole | undefined>();
  const [active, setActive] = useState<'true' | 'false' | undefined>();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  // a new search or filter starts at the first page
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on change of these values only
  useEffect(() => setPage(1), [keyword, role, active]);

  const filters: MemberFilters = { page, size, keyword, role, active };
  const members = useQuery({
    queryKey: memberKeys.list(workspaceId, filters),
    queryFn: () => listMembers(filters),
    placeholderData: keepPreviousData,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: memberKeys.all });

  const run = async (member: Member, action: () => Promise<unknown>) => {
    setBusyId(member.id);
    try {
      await action();
      toast.success(translate('save_success', locale));
      await refresh();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setBusyId(null);
    }
  };

  /** Owners and admins change others; only owners touch an owner; nobody changes themselves here. */
  const canChange = (member: Member) => canWrite && member.id !== self?.id && (isOwner || member.role !== 'owner');
  const roleOptions = WORKSPACE_ROLES.filter((value) => isOwner || value !== 'owner').map((value) => ({
    value,
    label: t(`roles.${value}`),
  }));

  const nameOf = (member: Member) => member.user.display_name || member.user.username;

  const identity = (member: Member) => (
    <Flex align="center" gap={10} style={{ minWidth: 0 }}>
      <Avatar src={member.user.avatar || undefined} alt="">
        {nameOf(member).slice(0, 1).toUpperCase()}
      </Avatar>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis>
          {member.user.display_name}
          {member.id === self?.id && (
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {' '}
              ({t('members.you')})
            </Typography.Text>
          )}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          @{member.user.username}
        </Typography.Text>
      </Flex>
    </Flex>
  );

  const roleCell = (member: Member) =>
    canChange(member) ? (
      <Select<WorkspaceRole>
        size="small"
        value={member.role}
        aria-label={t('members.changeRole', { name: nameOf(member) })}
        options={roleOptions}
        disabled={busyId === member.id}
        onChange={(next) => void run(member, () => changeMemberRole(member.id, next))}
        style={{ minWidth: 110 }}
        popupMatchSelectWidth={false}
      />
    ) : (
      <Tag color={member.role === 'owner' ? 'gold' : member.role === 'admin' ? 'blue' : undefined}>
        {t(`roles.${member.role}`)}
      </Tag>
    );

  const statusTag = (member: Member) => (
    <Tag color={member.active ? 'success' : 'default'}>
      {member.active ? t('members.active') : t('members.inactive')}
    </Tag>
  );

  const actions = (member: Member) =>
    canChange(member) ? (
      <Flex gap={8} wrap>
        <Button
          size="small"
          loading={busyId === member.id}
          onClick={() => void run(member, () => setMemberActive(member.id, !member.active))}
          aria-label={`${member.active ? t('members.deactivate') : t('members.activate')} ${nameOf(member)}`}
        >
          {member.active ? t('members.deactivate') : t('members.activate')}
        </Button>
        <Button
          size="small"
          danger
          disabled={busyId === member.id}
          onClick={() => setRemoving(member)}
          aria-label={`${t('members.remove')} ${nameOf(member)}`}
        >
          {t('members.remove')}
        </Button>
      </Flex>
    ) : null;

  const columns: TableColumnsType<Member> = [
    { key: 'member', title: t('members.member'), render: (_, member) => identity(member) },
    {
      key: 'email',
      title: t('members.email'),
      render: (_, member) => <span style={{ wordBreak: 'break-all' }}>{member.user.email}</span>,
    },
    { key: 'role', title: t('members.role'), render: (_, member) => roleCell(member) },
    { key: 'status', title: t('members.status'), render: (_, member) => statusTag(member) },
    { key: 'joined', title: t('members.joinedAt'), render: (_, member) => formatJoined(member.joined_at) },
    ...(canWrite
      ? [{ key: 'actions', title: t('members.actions'), render: (_: unknown, m: Member) => actions(m) }]
      : []),
  ];

  const pageInfo = members.data?.page;
  const items = members.data?.items ?? [];

  let body: ReactNode;
  if (members.isError && !members.data)
    body = (
      <Result
        status="error"
        title={t('members.loadFailed')}
        extra={<Button onClick={() => void members.refetch()}>{t('common.retry')}</Button>}
      />
    );
  else if (isPhone)
    body = members.isPending ? (
      <Skeleton active avatar paragraph={{ rows: 3 }} />
    ) : items.length === 0 ? (
      <Empty description={t('common.noData')} />
    ) : (
      <ul aria-label={t('members.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((member, index) => (
          <li
            key={member.id}
            style={{
              borderTop: index === 0 ? undefined : `1px solid ${token.colorBorderSecondary}`,
              padding: '12px 0',
            }}
          >
            <Flex vertical gap={8}>
              {identity(member)}
              <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                {member.user.email}
              </Typography.Text>
              <Flex gap={8} align="center" wrap>
                {roleCell(member)}
                {statusTag(member)}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('members.joinedAt')}: {formatJoined(member.joined_at)}
                </Typography.Text>
              </Flex>
              {actions(member)}
            </Flex>
          </li>
        ))}
      </ul>
    );
  else
    body = (
      <Table<Member>
        rowKey="id"
        columns={columns}
        dataSource={items}
        loading={members.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('common.noData')} /> }}
      />
    );

  return (
    <>
      <PageHeader
        title={t('members.title')}
        subtitle={t('members.subtitle')}
        extra={
          canWrite ? (
            <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => setInviting(true)}>
              {t('members.invite')}
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
            placeholder={t('members.searchPlaceholder')}
            aria-label={t('members.search')}
            style={{ flex: '1 1 220px', minWidth: 0 }}
          />
          <Select<WorkspaceRole | 'all'>
            value={role ?? 'all'}
            onChange={(next) => setRole(next === 'all' ? undefined : next)}
            aria-label={t('members.roleFilter')}
            options={[
              { value: 'all', label: t('members.allRoles') },
              ...WORKSPACE_ROLES.map((value) => ({ value, label: t(`roles.${value}`) })),
            ]}
            style={{ flex: '1 1 140px', minWidth: 0 }}
          />
          <Select<'true' | 'false' | 'all'>
            value={active ?? 'all'}
            onChange={(next) => setActive(next === 'all' ? undefined : next)}
            aria-label={t('members.statusFilter')}
            options={[
              { value: 'all', label: t('members.allStatuses') },
              { value: 'true', label: t('members.active') },
              { value: 'false', label: t('members.inactive') },
            ]}
            style={{ flex: '1 1 140px', minWidth: 0 }}
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
              showTotal={isPhone ? undefined : (total) => t('members.total', { count: total })}
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
      <PendingInvites workspaceId={workspaceId} canWrite={canWrite} />
      <InviteMemberDialog open={inviting} onClose={() => setInviting(false)} canGrantOwner={isOwner} />
      <DeleteDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('members.removeTitle')}
        message={t('members.removeMessage', { name: removing ? nameOf(removing) : '' })}
        confirmText={t('members.remove')}
        onConfirm={async () => {
          if (!removing) return;
          await removeMember(removing.id);
          await refresh();
        }}
      />
    </>
  );
}
