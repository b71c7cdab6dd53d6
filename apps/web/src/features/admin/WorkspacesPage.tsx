import type { AdminWorkspace } from '@omnichat/contracts';
import { Avatar, Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListView } from '../../ui/list/ListView.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Text } from '../../ui/text.tsx';
import { ensureDataUrl } from '../../ui/upload-file.ts';
import { adminKeys, listWorkspaces } from './admin-api.ts';
import { useAdminList } from './admin-list.tsx';
import { formatDate } from './StatusTag.tsx';
import { useAdminAccess } from './use-admin-access.ts';
import { WorkspaceDrawer } from './WorkspaceDrawer.tsx';

/** /admin/workspace (labelled organization): organizations with search, paging and a detail drawer. */
export function WorkspacesPage() {
  const { t } = useTranslation();
  const canWrite = useAdminAccess().can('workspace_management_write');
  const list = useAdminList(adminKeys.workspaces, listWorkspaces);
  const [open, setOpen] = useState<AdminWorkspace | null>(null);

  const columns: ListColumn<AdminWorkspace>[] = [
    {
      key: 'name',
      title: t('adminPages.workspaces.name'),
      render: (workspace) => (
        <Flex gap={8} align="center">
          <Avatar shape="square" src={workspace.avatar ? ensureDataUrl(workspace.avatar) : undefined}>
            {workspace.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Text strong>{workspace.name}</Text>
        </Flex>
      ),
    },
    {
      key: 'owner',
      title: t('adminPages.workspaces.owner'),
      render: (workspace) =>
        workspace.owner ? (
          <Flex vertical>
            <span>{workspace.owner.display_name}</span>
            <Text secondary>{workspace.owner.email}</Text>
          </Flex>
        ) : (
          '-'
        ),
    },
    {
      key: 'members',
      title: t('adminPages.workspaces.members'),
      align: 'end',
      render: (workspace) => workspace.member_count,
    },
    { key: 'tz', title: t('adminPages.workspaces.timeZone'), render: (workspace) => workspace.time_zone },
    {
      key: 'created',
      title: t('adminPages.common.createdAt'),
      render: (workspace) => formatDate(workspace.created_at),
    },
    {
      key: 'actions',
      title: t('adminPages.common.actions'),
      actions: true,
      render: (workspace) => (
        <Button
          size="small"
          aria-label={t('adminPages.workspaces.detailsOf', { name: workspace.name })}
          onClick={() => setOpen(workspace)}
        >
          {t('adminPages.workspaces.details')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('admin.organization')} subtitle={t('adminPages.workspaces.subtitle')} />
      <ListView<AdminWorkspace>
        list={list}
        label={t('admin.organization')}
        rowKey={(workspace) => workspace.id}
        columns={columns}
        search={{ label: t('adminPages.workspaces.search'), placeholder: t('adminPages.common.searchPlaceholder') }}
        loadFailed={t('common.loadFailed')}
      />
      <WorkspaceDrawer workspace={open} canWrite={canWrite} onClose={() => setOpen(null)} />
    </>
  );
}
