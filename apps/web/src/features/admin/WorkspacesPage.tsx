import type { AdminWorkspace } from '@omnichat/contracts';
import { Avatar, Button, Flex, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, SearchBox } from '../../ui/PagedTable.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ensureDataUrl } from '../../ui/upload-file.ts';
import { adminKeys, listWorkspaces } from './admin-api.ts';
import { formatDate } from './StatusTag.tsx';
import { useAdminAccess } from './use-admin-access.ts';
import { usePagedList } from './use-paged-list.ts';
import { WorkspaceDrawer } from './WorkspaceDrawer.tsx';

/** /admin/workspace (labelled organization): organizations with search, paging and a detail drawer. */
export function WorkspacesPage() {
  const { t } = useTranslation();
  const canWrite = useAdminAccess().can('workspace_management_write');
  const list = usePagedList(adminKeys.workspaces, listWorkspaces);
  const [open, setOpen] = useState<AdminWorkspace | null>(null);

  const columns: TableColumnsType<AdminWorkspace> = [
    {
      title: t('adminPages.workspaces.name'),
      key: 'name',
      render: (_, workspace) => (
        <Flex gap={8} align="center">
          <Avatar shape="square" src={workspace.avatar ? ensureDataUrl(workspace.avatar) : undefined}>
            {workspace.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Typography.Text strong>{workspace.name}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('adminPages.workspaces.owner'),
      key: 'owner',
      render: (_, workspace) =>
        workspace.owner ? (
          <Flex vertical>
            <span>{workspace.owner.display_name}</span>
            <Typography.Text type="secondary">{workspace.owner.email}</Typography.Text>
          </Flex>
        ) : (
          '-'
        ),
    },
    { title: t('adminPages.workspaces.members'), dataIndex: 'member_count', key: 'members', align: 'end' },
    { title: t('adminPages.workspaces.timeZone'), dataIndex: 'time_zone', key: 'tz' },
    { title: t('adminPages.common.createdAt'), key: 'created', render: (_, w) => formatDate(w.created_at) },
    {
      title: t('adminPages.common.actions'),
      key: 'actions',
      render: (_, workspace) => (
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
      <PagedTable<AdminWorkspace>
        label={t('admin.organization')}
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
        toolbar={<SearchBox label={t('adminPages.workspaces.search')} value={list.search} onChange={list.setSearch} />}
      />
      <WorkspaceDrawer workspace={open} canWrite={canWrite} onClose={() => setOpen(null)} />
    </>
  );
}
