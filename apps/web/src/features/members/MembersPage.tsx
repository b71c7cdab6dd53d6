import { SafetyOutlined, UserAddOutlined } from '@ant-design/icons';
import { isAdminRole, type Member, translate, WORKSPACE_ROLES, type WorkspaceRole } from '@omnichat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Flex, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { useMemberPermissions } from '../../app/queries.ts';
import { AVAILABILITY_BADGE } from '../../app/session/use-availability.ts';
import { useSession } from '../../app/session/use-session.ts';
import { toast } from '../../app/toast/toast-store.ts';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { type ListColumn, ListView } from '../../ui/list/ListView.tsx';
import { useList } from '../../ui/list/use-list.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Text } from '../../ui/text.tsx';
import { InviteMemberDialog } from './InviteMemberDialog.tsx';
import { MemberIdentity, nameOf } from './MemberIdentity.tsx';
import { MemberPermissionsDrawer } from './MemberPermissionsDrawer.tsx';
import { changeMemberRole, listMembers, memberKeys, removeMember, setMemberActive } from './members-api.ts';
import { PendingInvites } from './PendingInvites.tsx';
import './i18n/members.ts';

const formatJoined = (seconds: number) => (seconds > 0 ? dayjs.unix(seconds).format('YYYY-MM-DD') : '-');

interface MemberFilters {
  role?: WorkspaceRole;
  active?: 'true' | 'false';
}

/** /app/organization/users: members with search, filters, paging, role/status changes, invitations. */
export function MembersPage() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const queryClient = useQueryClient();
  const { member: self, workspaceId, isAdmin } = useSession();
  const permissions = useMemberPermissions();
  const canWrite = isAdmin || (permissions.data ?? self?.permissions ?? []).includes('member_write');
  const isOwner = self?.role === 'owner';

  const list = useList<Member, MemberFilters>({
    queryKey: (params) => memberKeys.list(workspaceId, params),
    fetchPage: ({ filters, ...params }) => listMembers({ ...params, ...filters }),
    filters: {},
  });
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [editingPermissions, setEditingPermissions] = useState<Member | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: memberKeys.all });
  const change = useMutation({
    mutationFn: ({ run }: { member: Member; run: () => Promise<unknown> }) => run(),
    onSuccess: async () => {
      toast.success(translate('save_success', locale));
      await refresh();
    },
  });
  const busy = (member: Member) => change.isPending && change.variables?.member.id === member.id;

  /** Owners and admins change others; only owners touch an owner; nobody changes themselves here. */
  const canChange = (member: Member) => canWrite && member.id !== self?.id && (isOwner || member.role !== 'owner');
  const roleOptions = WORKSPACE_ROLES.filter((value) => isOwner || value !== 'owner').map((value) => ({
    value,
    label: t(`roles.${value}`),
  }));

  const roleCell = (member: Member) =>
    canChange(member) ? (
      <Select<WorkspaceRole>
        size="small"
        value={member.role}
        aria-label={t('members.changeRole', { name: nameOf(member) })}
        options={roleOptions}
        disabled={busy(member)}
        onChange={(role) => change.mutate({ member, run: () => changeMemberRole(member.id, role) })}
        style={{ minWidth: 110 }}
        popupMatchSelectWidth={false}
      />
    ) : (
      <Tag color={member.role === 'owner' ? 'gold' : member.role === 'admin' ? 'blue' : undefined}>
        {t(`roles.${member.role}`)}
      </Tag>
    );

  // an active member's availability beside: whether auto-assignment gives them new conversations
  const statusTag = (member: Member) => (
    <Flex gap={4} wrap align="center">
      <Tag color={member.active ? 'success' : 'default'}>
        {member.active ? t('members.active') : t('members.inactive')}
      </Tag>
      {member.active && (
        <Badge status={AVAILABILITY_BADGE[member.availability]} text={t(`availability.${member.availability}`)} />
      )}
    </Flex>
  );

  /** Owners and admins edit a member's or viewer's own permissions; an owner's or admin's are all-inclusive. */
  const permissionsAction = (member: Member) => {
    if (!isAdmin) return null;
    if (isAdminRole(member.role))
      return (
        <Text secondary style={{ fontSize: 12 }} title={t('members.allPermissionsHint')}>
          {t('members.allPermissions')}
        </Text>
      );
    return (
      <Button
        size="small"
        icon={<SafetyOutlined aria-hidden />}
        onClick={() => setEditingPermissions(member)}
        aria-label={t('members.permissionsOf', { name: nameOf(member) })}
      >
        {t('members.permissions')}
      </Button>
    );
  };

  const actions = (member: Member) => {
    const permissions = permissionsAction(member);
    if (!canChange(member)) return permissions && <Flex gap={8}>{permissions}</Flex>;
    const toggle = member.active ? t('members.deactivate') : t('members.activate');
    return (
      <Flex gap={8} wrap align="center">
        {permissions}
        <Button
          size="small"
          loading={busy(member)}
          onClick={() => change.mutate({ member, run: () => setMemberActive(member.id, !member.active) })}
          aria-label={`${toggle} ${nameOf(member)}`}
        >
          {toggle}
        </Button>
        <Button
          size="small"
          danger
          disabled={busy(member)}
          onClick={() => setRemoving(member)}
          aria-label={`${t('members.remove')} ${nameOf(member)}`}
        >
          {t('members.remove')}
        </Button>
      </Flex>
    );
  };

  const identity = (member: Member) => <MemberIdentity member={member} isSelf={member.id === self?.id} />;
  const email = (member: Member) => <span style={{ wordBreak: 'break-all' }}>{member.user.email}</span>;
  const columns: ListColumn<Member>[] = [
    { key: 'member', title: t('members.member'), render: identity },
    { key: 'email', title: t('members.email'), render: email },
    { key: 'role', title: t('members.role'), render: roleCell },
    { key: 'status', title: t('members.status'), render: statusTag },
    { key: 'joined', title: t('members.joinedAt'), render: (member) => formatJoined(member.joined_at) },
    ...(canWrite ? [{ key: 'actions', title: t('members.actions'), actions: true, render: actions }] : []),
  ];

  const card = (member: Member) => (
    <Flex vertical gap={8}>
      {identity(member)}
      <Text secondary>{email(member)}</Text>
      <Flex gap={8} align="center" wrap>
        {roleCell(member)}
        {statusTag(member)}
        <Text secondary style={{ fontSize: 12 }}>
          {t('members.joinedAt')}: {formatJoined(member.joined_at)}
        </Text>
      </Flex>
      {actions(member)}
    </Flex>
  );

  const filters = (
    <>
      <Select<WorkspaceRole | 'all'>
        value={list.filters.role ?? 'all'}
        onChange={(next) => list.setFilter('role', next === 'all' ? undefined : next)}
        aria-label={t('members.roleFilter')}
        options={[
          { value: 'all', label: t('members.allRoles') },
          ...WORKSPACE_ROLES.map((value) => ({ value, label: t(`roles.${value}`) })),
        ]}
        style={{ flex: '1 1 140px', minWidth: 0, maxWidth: 220 }}
      />
      <Select<'true' | 'false' | 'all'>
        value={list.filters.active ?? 'all'}
        onChange={(next) => list.setFilter('active', next === 'all' ? undefined : next)}
        aria-label={t('members.statusFilter')}
        options={[
          { value: 'all', label: t('members.allStatuses') },
          { value: 'true', label: t('members.active') },
          { value: 'false', label: t('members.inactive') },
        ]}
        style={{ flex: '1 1 140px', minWidth: 0, maxWidth: 220 }}
      />
    </>
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
      <ListView<Member>
        list={list}
        label={t('members.title')}
        rowKey={(member) => member.id}
        columns={columns}
        card={card}
        search={{ label: t('members.search'), placeholder: t('members.searchPlaceholder') }}
        filters={filters}
        loadFailed={t('members.loadFailed')}
      />
      <PendingInvites workspaceId={workspaceId} canWrite={canWrite} />
      <InviteMemberDialog open={inviting} onClose={() => setInviting(false)} canGrantOwner={isOwner} />
      <MemberPermissionsDrawer
        member={editingPermissions}
        workspaceId={workspaceId}
        onClose={() => setEditingPermissions(null)}
      />
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
          list.removedOne();
        }}
      />
    </>
  );
}
