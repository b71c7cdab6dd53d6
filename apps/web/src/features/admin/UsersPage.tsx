import { translate } from '@omnichat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { toast } from '../../app/toast/toast-store.ts';
import { type ListColumn, ListView } from '../../ui/list/ListView.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import {
  type AccountStatus,
  type AdminUser,
  adminKeys,
  listUsers,
  sendUserPasswordReset,
  setUserActive,
} from './admin-api.ts';
import { PersonCell, useAdminList } from './admin-list.tsx';
import { ConfirmAction, StatusAction } from './ConfirmAction.tsx';
import { formatDate, StatusTag } from './StatusTag.tsx';
import { useAdminAccess } from './use-admin-access.ts';

/** /admin/user: organization users with search, status filter, organization counts and account actions. */
export function UsersPage() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const queryClient = useQueryClient();
  const canWrite = useAdminAccess().can('system_user_management_write');
  const list = useAdminList(adminKeys.users, listUsers);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.usersAll });

  const columns: ListColumn<AdminUser>[] = [
    {
      key: 'name',
      title: t('adminPages.systemAdmins.displayName'),
      render: (user) => <PersonCell name={user.display_name} username={user.username} />,
    },
    { key: 'email', title: t('adminPages.systemAdmins.email'), render: (user) => user.email },
    {
      key: 'organizations',
      title: t('adminPages.users.organizations'),
      align: 'end',
      render: (user) => user.organizations,
    },
    { key: 'status', title: t('adminPages.common.status'), render: (user) => <StatusTag status={user.status} /> },
    { key: 'created', title: t('adminPages.common.createdAt'), render: (user) => formatDate(user.created_at) },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      title: t('adminPages.common.actions'),
      actions: true,
      render: (user) => (
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
      <ListView<AdminUser>
        list={list}
        label={t('admin.user')}
        rowKey={(user) => user.id}
        columns={columns}
        search={{ label: t('adminPages.users.search'), placeholder: t('adminPages.common.searchPlaceholder') }}
        filters={
          <Select<AccountStatus | 'all'>
            aria-label={t('adminPages.users.statusFilter')}
            value={list.filters.status ?? 'all'}
            onChange={(value) => list.setFilter('status', value === 'all' ? undefined : value)}
            style={{ width: 160 }}
            options={[
              { value: 'all', label: t('adminPages.common.allStatuses') },
              { value: 'active', label: t('adminPages.common.active') },
              { value: 'inactive', label: t('adminPages.common.inactive') },
            ]}
          />
        }
        loadFailed={t('common.loadFailed')}
      />
    </>
  );
}
