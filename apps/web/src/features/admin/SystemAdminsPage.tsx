import { PlusOutlined } from '@ant-design/icons';
import { type Admin, translate } from '@omnichat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { type ListColumn, ListView } from '../../ui/list/ListView.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Text } from '../../ui/text.tsx';
import { AdminPermissionsDrawer } from './AdminPermissionsDrawer.tsx';
import { adminKeys, listSystemAdmins, setSystemAdminActive } from './admin-api.ts';
import { PersonCell, useAdminList } from './admin-list.tsx';
import { StatusAction } from './ConfirmAction.tsx';
import { CreateAdminDialog } from './CreateAdminDialog.tsx';
import { formatDate, StatusTag } from './StatusTag.tsx';
import { useAdminAccess } from './use-admin-access.ts';

/** /admin/system-admin: system admins with search, paging, create, activate/deactivate and permissions. */
export function SystemAdminsPage() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const queryClient = useQueryClient();
  const access = useAdminAccess();
  const canWrite = access.can('system_admin_management_write');
  const canReadPermissions = access.can('system_admin_permission_read');
  const list = useAdminList(adminKeys.systemAdmins, listSystemAdmins);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Admin | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.systemAdminsAll });

  const columns: ListColumn<Admin>[] = [
    {
      key: 'name',
      title: t('adminPages.systemAdmins.displayName'),
      render: (admin) => <PersonCell name={admin.display_name} username={admin.username} />,
    },
    { key: 'email', title: t('adminPages.systemAdmins.email'), render: (admin) => admin.email },
    {
      key: 'permissions',
      title: t('adminPages.systemAdmins.permissions'),
      render: (admin) =>
        admin.admin ? (
          <Tag color="purple">{t('adminPages.systemAdmins.superAdmin')}</Tag>
        ) : (
          <Text secondary>{admin.permissions.length}</Text>
        ),
    },
    { key: 'status', title: t('adminPages.common.status'), render: (admin) => <StatusTag status={admin.status} /> },
    { key: 'created', title: t('adminPages.common.createdAt'), render: (admin) => formatDate(admin.created_at) },
    {
      key: 'actions',
      title: t('adminPages.common.actions'),
      actions: true,
      render: (admin) => (
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
      <ListView<Admin>
        list={list}
        label={t('admin.systemAdmin')}
        rowKey={(admin) => admin.id}
        columns={columns}
        search={{ label: t('adminPages.systemAdmins.search'), placeholder: t('adminPages.common.searchPlaceholder') }}
        loadFailed={t('common.loadFailed')}
      />
      <CreateAdminDialog open={creating} onClose={() => setCreating(false)} />
      <AdminPermissionsDrawer
        admin={editing}
        canWrite={access.can('system_admin_permission_write') && editing?.id !== access.selfId}
        isSelf={editing?.id === access.selfId}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
