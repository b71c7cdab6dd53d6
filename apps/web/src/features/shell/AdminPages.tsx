import { Avatar, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminPermissions } from '../../app/queries.ts';
import { useSession } from '../../app/session/use-session.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

function PermissionTags({ permissions }: { permissions: string[] }) {
  const { t } = useTranslation();
  if (permissions.length === 0) return <Typography.Text type="secondary">{t('common.noData')}</Typography.Text>;
  return (
    <Flex gap={6} wrap>
      {permissions.map((permission) => (
        <Tag key={permission}>{permission}</Tag>
      ))}
    </Flex>
  );
}

/** /admin/dashboard */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  const { admin } = useSession();
  const permissions = useAdminPermissions();
  return (
    <>
      <PageHeader title={t('admin.dashboard')} />
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('admin.welcome', { name: admin?.display_name || admin?.username || '' })}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('admin.welcomeText')}</Typography.Paragraph>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('profile.permissions')}>
            <PermissionTags permissions={permissions.data ?? admin?.permissions ?? []} />
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </>
  );
}

/** /admin/profile: the signed-in system admin, as stored at login. */
export function AdminProfilePage() {
  const { t } = useTranslation();
  const { admin, userAvatar } = useSession();
  return (
    <>
      <PageHeader title={t('admin.profile')} />
      <Card>
        <Flex gap={24} wrap align="flex-start">
          <Avatar size={88} src={userAvatar || undefined}>
            {(admin?.display_name ?? 'A').slice(0, 1).toUpperCase()}
          </Avatar>
          <Descriptions column={1} size="small" style={{ flex: 1, minWidth: 240 }}>
            <Descriptions.Item label={t('profile.displayName')}>{admin?.display_name ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('profile.username')}>{admin?.username ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('profile.email')}>{admin?.email ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('profile.admin')}>
              {admin?.admin ? t('profile.yes') : t('profile.no')}
            </Descriptions.Item>
          </Descriptions>
        </Flex>
      </Card>
    </>
  );
}
