import type { AdminWorkspace } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, List, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../ui/QueryView.tsx';
import { type AdminWorkspaceMember, adminKeys, getWorkspaceMembers } from './admin-api.ts';
import { formatDate } from './StatusTag.tsx';
import { WorkspaceLimitsForm } from './WorkspaceLimitsForm.tsx';

interface WorkspaceDrawerProps {
  workspace: AdminWorkspace | null;
  canWrite: boolean;
  onClose: () => void;
}

function MembersList({ workspaceId }: { workspaceId: string }) {
  const query = useQuery({
    queryKey: adminKeys.workspaceMembers(workspaceId),
    queryFn: () => getWorkspaceMembers(workspaceId),
  });
  return <QueryView query={query}>{(members) => <MemberRows members={members} />}</QueryView>;
}

function MemberRows({ members }: { members: AdminWorkspaceMember[] }) {
  const { t } = useTranslation();
  if (members.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />;
  return (
    <List
      aria-label={t('adminPages.workspaces.membersTab')}
      dataSource={members}
      renderItem={(member) => (
        <List.Item key={member.id}>
          <List.Item.Meta
            title={member.user.display_name}
            description={
              <>
                <Typography.Text type="secondary">{member.user.email}</Typography.Text>
                <br />
                <Typography.Text type="secondary">
                  {t('adminPages.workspaces.joinedAt')}: {formatDate(member.joined_at)}
                </Typography.Text>
              </>
            }
          />
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, justifyContent: 'flex-end' }}>
            <Tag>{t(`roles.${member.role}`)}</Tag>
            {!member.active && <Tag>{t('adminPages.common.inactive')}</Tag>}
            {member.invited && <Tag color="blue">{t('adminPages.workspaces.invited')}</Tag>}
          </div>
        </List.Item>
      )}
    />
  );
}

/** An organization's members and its limits form. */
export function WorkspaceDrawer({ workspace, canWrite, onClose }: WorkspaceDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={Boolean(workspace)}
      onClose={onClose}
      title={workspace?.name}
      size="min(560px, 100vw)"
      destroyOnHidden
    >
      {workspace && (
        <Tabs
          items={[
            {
              key: 'members',
              label: t('adminPages.workspaces.membersTab'),
              children: <MembersList workspaceId={workspace.id} />,
            },
            {
              key: 'limits',
              label: t('adminPages.workspaces.limitsTab'),
              children: <WorkspaceLimitsForm workspaceId={workspace.id} canWrite={canWrite} />,
            },
          ]}
        />
      )}
    </Drawer>
  );
}
