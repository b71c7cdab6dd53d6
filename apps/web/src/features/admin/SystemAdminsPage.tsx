import { PlusOutlined } from '@ant-design/icons';
import { type Admin, translate } from '@omnichat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { PagedTable, SearchBox } from '../../ui/PagedTable.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { AdminPermissionsDrawer } from './AdminPermissionsDrawer.tsx';
import { adminKeys, listSystemAdmins, setSystemAdminActive } from './admin-api.ts';
import { StatusAction } from './ConfirmAction.tsx';
import { CreateAdminDialog } from './CreateAdminDialog.tsx';
import { formatDate, StatusTag } from './StatusTag.tsx';
import { useAdminAccess } from './use-admin-access.ts';
import { usePagedList } from './use-paged-list.ts';

/** /admin/system-admin: system admins with search, paging, create, activate/deactivate and permissions. */
export function SystemAdminsPage() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const queryClient = useQueryClient();
  const access = useAdminAccess();
  const canWrite = access.can('system_admin_management_write');
  const canReadPermissions = access.can('system_admin_permission_read');
  const list = usePagedList(adminKeys.systemAdmins, listSystemAdmins);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Admin | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.systemAdminsAll });

  const columns: TableColumnsType<Admin> = [
    {
      title: t('adminPages.systemAdmins.displayName'),
      key: 'name',
      render: (_, admin) => (
        <Flex vertical>
          <Typography.Text strong>{admin.display_name}</Typography.Text>
          <Typography.Text type="secondary">{admin.username}</Typography.Text>
        </Flex>
      ),
    },
    { title: t('adminPages.systemAdmins.email'), dataIndex: 'email', key: 'email' },
    {
      title: t('adminPages.systemAdmins.permissions'),
      key: 'permissions',
      render: (_, admin) =>
        admin.admin ? (
          <Tag color="purple">{t('adminPages.systemAdmins.superAdmin')}</Tag>
        ) : (
          <Typography.Text type="secondary">{admin.permissions.length}</Typography.Text>
        ),
    },
    {
      title: t('adminPages.common.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: Admin['status']) => <StatusTag status={status} />,
    },
    { title: t('adminPages.common.createdAt'), key: 'created', render: (_, admin) => formatDate(admin.created_at) },
    {
      title: t('adminPages.common.actions'),
      key: 'actions',
      render: (_, admin) => (
        <Space wrap size={4}>
          {canReadPermissions && (
            <Button
              size="small"
              aria-label={t('adminPages.systemAdmins.editPermissionsOf', { name: admin.display_name })}
              onClick={() => setEditing(admin)}
            >
              {t('adminPages.systemAdmins.editPermissions')}
            </Button>
          )}
          {canWrite && admin.id !== access.selfId && (
            <StatusAction
              name={admin.display_name}
              active={admin.status === 'active'}
              successMessage={translate('save_success', locale)}
              onSet={async (active) => {
                await setSystemAdminActive(admin.id, active);
                await refresh();
              }}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('admin.systemAdmin')}
        subtitle={t('adminPages.systemAdmins.subtitle')}
        extra={
          canWrite && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
              {t('adminPages.systemAdmins.create')}
            </Button>
          )
        }
      />
      <PagedTable<Admin>
        label={t('admin.systemAdmin')}
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
          <SearchBox label={t('adminPages.systemAdmins.search')} value={list.search} onChange={list.setSearch} />
        }
      />
      <CreateAdminDialog open={creating} onClose={() => setCreating(false)} onCreated={() => void refresh()} />
      <AdminPermissionsDrawer
        admin={editing}
        canWrite={access.can('system_admin_permission_write') && editing?.id !== access.selfId}
        isSelf={editing?.id === access.selfId}
        onClose={() => setEditing(null)}
        onSaved={() => void refresh()}
      />
    </>
  );
}
