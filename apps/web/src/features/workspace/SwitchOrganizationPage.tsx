import { CheckCircleFilled, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import type { SelfWorkspace } from '@omnichat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Skeleton, Tag, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WorkspaceAvatar } from '../../app/layouts/Sidebar.tsx';
import { usePublicSettings, useSelfWorkspaces } from '../../app/queries.ts';
import { useSession } from '../../app/session/use-session.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { switchWorkspace } from '../auth/login-flow.ts';
import { CreateOrganizationDialog } from './CreateOrganizationDialog.tsx';

/** /app/organization: the user's organizations; switching refreshes the token for the chosen one. */
export function SwitchOrganizationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token } = theme.useToken();
  const { member } = useSession();
  const workspaces = useSelfWorkspaces();
  const settings = usePublicSettings();
  const [creating, setCreating] = useState(false);
  const [switchingId, setSwitchingId] = useState<string | null>(null);
  const canCreate = settings.data?.['system.mode'] === 'platform';
  const currentId = member?.workspace.id ?? null;

  const onSwitch = async (workspace: SelfWorkspace) => {
    setSwitchingId(workspace.id);
    const ok = await switchWorkspace(workspace.id);
    setSwitchingId(null);
    if (ok) {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'public-settings' });
      navigate('/app/dashboard');
    }
  };

  const createButton = canCreate ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
      {t('nav.createOrganization')}
    </Button>
  ) : null;

  let body: ReactNode;
  if (workspaces.isPending) body = <Skeleton active avatar paragraph={{ rows: 2 }} />;
  else if (workspaces.isError || workspaces.data.length === 0)
    body = (
      <Empty
        description={
          <>
            <div>{t('common.noData')}</div>
            <Typography.Text type="secondary">
              {t('organization.noOrganizations')} {canCreate ? '' : t('organization.askForInvite')}
            </Typography.Text>
          </>
        }
      >
        {createButton}
      </Empty>
    );
  else
    body = (
      <ul aria-label={t('organization.switchTitle')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {workspaces.data.map((workspace, index) => {
          const current = workspace.id === currentId;
          return (
            <li
              key={workspace.id}
              aria-current={current ? 'true' : undefined}
              style={{
                borderTop: index === 0 ? undefined : `1px solid ${token.colorBorderSecondary}`,
                padding: '14px 0',
              }}
            >
              <Flex align="center" gap={12} wrap>
                <WorkspaceAvatar name={workspace.name} src={workspace.avatar} size={44} />
                <Flex vertical style={{ flex: 1, minWidth: 160 }}>
                  <Flex gap={8} align="center" wrap>
                    <Typography.Text strong>{workspace.name}</Typography.Text>
                    <Tag>{t(`roles.${workspace.role}`)}</Tag>
                  </Flex>
                  <Typography.Text type="secondary">{workspace.time_zone}</Typography.Text>
                </Flex>
                {current ? (
                  <Tag color="success" icon={<CheckCircleFilled />}>
                    {t('common.current')}
                  </Tag>
                ) : (
                  <Button
                    icon={<SwapOutlined />}
                    loading={switchingId === workspace.id}
                    disabled={switchingId !== null}
                    onClick={() => void onSwitch(workspace)}
                    aria-label={`${t('organization.switch')} ${workspace.name}`}
                  >
                    {t('organization.switch')}
                  </Button>
                )}
              </Flex>
            </li>
          );
        })}
      </ul>
    );

  return (
    <>
      <PageHeader
        title={t('organization.switchTitle')}
        subtitle={t('organization.switchSubtitle')}
        extra={workspaces.data && workspaces.data.length > 0 ? createButton : null}
      />
      <Card>{body}</Card>
      <CreateOrganizationDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
