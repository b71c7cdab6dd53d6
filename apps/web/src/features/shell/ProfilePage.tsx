import type { User } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Descriptions, Flex, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { http } from '../../app/http/index.ts';
import { queryKeys } from '../../app/queries.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

/** /app/profile: the signed-in user (GET /v1/self). */
export function ProfilePage() {
  const { t } = useTranslation();
  const self = useQuery({ queryKey: queryKeys.self, queryFn: () => http.get<User>('/v1/self') });
  const user = self.data;
  return (
    <>
      <PageHeader title={t('pages.profile')} />
      <Card>
        {!user ? (
          <Skeleton active avatar loading={self.isPending} />
        ) : (
          <Flex gap={24} wrap align="flex-start">
            <Avatar size={88} src={user.avatar || undefined}>
              {user.display_name.slice(0, 1).toUpperCase()}
            </Avatar>
            <div style={{ flex: 1, minWidth: 240 }}>
              <Typography.Title level={4} style={{ marginTop: 0 }}>
                {user.display_name}
              </Typography.Title>
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('profile.username')}>{user.username}</Descriptions.Item>
                <Descriptions.Item label={t('profile.email')}>{user.email}</Descriptions.Item>
                <Descriptions.Item label={t('profile.status')}>
                  <Tag color={user.status === 'active' ? 'success' : 'default'}>{t(`profile.${user.status}`)}</Tag>
                </Descriptions.Item>
                <Descriptions.Item label={t('profile.emailVerified')}>
                  {user.email_verified ? t('profile.yes') : t('profile.no')}
                </Descriptions.Item>
                <Descriptions.Item label={t('profile.createdAt')}>
                  {dayjs.unix(user.created_at).format('YYYY-MM-DD')}
                </Descriptions.Item>
              </Descriptions>
            </div>
          </Flex>
        )}
      </Card>
    </>
  );
}
