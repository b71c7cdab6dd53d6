import { translate } from '@omnichat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Flex, Select, Space, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { toast } from '../../app/toast/toast-store.ts';
import { PagedTable, SearchBox } from '../../ui/PagedTable.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import {
  type AccountStatus,
  type AdminUser,
  adminKeys,
  listUsers,
  sendUserPasswordReset,
  setUserActive,
} from './admin-api.ts';
import { ConfirmAction, StatusAction } from './ConfirmAction.tsx';
import { formatDate, StatusTag } from './StatusTag.tsx';
import { useAdminAccess } from './use-admin-access.ts';
import { usePagedList } from './use-paged-list.ts';

/** /admin/user: organization users with search, status filter, organization counts and account actions. */
export function UsersPage() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const queryClient = useQueryClient();
  const canWrite = useAdminAccess().can('system_user_management_write');
  const list = usePagedList(adminKeys.users, listUsers);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.usersAll });

  const columns: TableColumnsType<AdminUser> = [
    {
      title: t('adminPages.systemAdmins.displayName'),
      key: 'name',
      render: (_, user) => (
        <Flex vertical>
          <Typography.Text strong>{user.display_name}</Typography.Text>
          <Typography.Text type="secondary">{user.username}</Typography.Text>
        </Flex>
      ),
    },
    { title: t('adminPages.systemAdmins.email'), dataIndex: 'email', key: 'email' },
    { title: t('adminPages.users.organizations'), dataIndex: 'organizations', key: 'organizations', align: 'end' },
    {
      title: t('adminPages.common.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: AccountStatus) => <StatusTag status={status} />,
    },
    { title: t('adminPages.common.createdAt'), key: 'created', render: (_, user) => formatDate(user.created_at) },
  ];
  if (canWrite)
    columns.push({
      title: t('adminPages.common.actions'),
      key: 'actions',
      render: (_, user) => (
        <Space wrap size={4}>
          <StatusAction
            name={user.display_name}
            active={user.status === 'active'}
            successMessage={translate('save_success', locale)}
            onSet={async (active) => {
              await setUserActive(user.id, active);
              await refresh();
            }}
          />
          <ConfirmAction
            ariaLabel={t('adminPages.users.sendResetNamed', { name: user.display_name })}
            title={t('adminPages.users.confirmResetTitle', { name: user.display_name })}
            message={t('adminPages.users.confirmResetText', { email: user.email })}
            confirmText={t('adminPages.users.send')}
            successMessage={false}
            onConfirm={async () => {
              const result = await sendUserPasswordReset(user.id);
              toast.success(result.message);
            }}
            buttonProps={{ danger: false }}
          >
            {t('adminPages.users.sendReset')}
          </ConfirmAction>
        </Space>
      ),
    });

  return (
    <>
      <PageHeader title={t('admin.user')} subtitle={t('adminPages.users.subtitle')} />
      <PagedTable<AdminUser>
        label={t('admin.user')}
        rowKey="id"
        columns={columns}
        items={list.query.data?.items}
        page={list.query.data?.page}
        loading={list.query.isFetching}
        error={list.query.isError}
        onRetry={() => void list.query.refetch()}
        current={list.page}
        size={list.size}
        onPage={list.onPage}
        toolbar={
          <>
            <SearchBox label={t('adminPages.users.search')} value={list.search} onChange={list.setSearch} />
            <Select<AccountStatus | 'all'>
              aria-label={t('adminPages.users.statusFilter')}
              value={list.status ?? 'all'}
              onChange={(value) => list.setStatus(value === 'all' ? undefined : value)}
              style={{ width: 160 }}
              options={[
                { value: 'all', label: t('adminPages.common.allStatuses') },
                { value: 'active', label: t('adminPages.common.active') },
                { value: 'inactive', label: t('adminPages.common.inactive') },
              ]}
            />
          </>
        }
      />
    </>
  );
}
