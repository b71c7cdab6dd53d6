import { CheckCircleFilled, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import type { SelfWorkspace } from '@omnichat/contracts';
import { Button, Card, Empty, Flex, Skeleton, Tag, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkspaceAvatar } from '../../app/layouts/Sidebar.tsx';
import { usePublicSettings, useSelfWorkspaces } from '../../app/queries.ts';
import { useSession } from '../../app/session/use-session.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { CreateOrganizationDialog } from './CreateOrganizationDialog.tsx';
import { useEnterWorkspace } from './use-enter-workspace.ts';

/** /app/organization: the user's organizations; switching refreshes the token for the chosen one. */
export function SwitchOrganizationPage() {
  const { t } = useTranslation();
  const enterWorkspace = useEnterWorkspace();
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
    await enterWorkspace(workspace.id);
    setSwitchingId(null);
  };

  const createButton = canCreate ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
      {t('nav.createOrganization')}
    </Button>
  ) : null;

  let body: ReactNode;
  // (the first-run offer waits for the system mode, so it never shows "ask for an invitation" first)
  if (workspaces.isPending || (workspaces.data?.length === 0 && settings.isPending))
    body = <Skeleton active avatar paragraph={{ rows: 2 }} />;
  else if (workspaces.isError) body = <Empty description={t('common.noData')} />;
  else if (workspaces.data.length === 0)
    // first run: one call to action (SPEC 6: creating is for system mode 'platform', elsewhere an invitation)
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <Flex vertical gap={4} align="center">
            <Typography.Text strong>{t('organization.noOrganizations')}</Typography.Text>
            <Typography.Text type="secondary">
              {canCreate ? t('organization.firstHint') : t('organization.askForInvite')}
            </Typography.Text>
          </Flex>
        }
      >
        {canCreate && (
          <Button type="primary" size="large" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('organization.createFirst')}
          </Button>
        )}
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
