import { MailOutlined } from '@ant-design/icons';
import { type Invite, translate } from '@omnichat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Skeleton, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { toast } from '../../app/toast/toast-store.ts';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { listInvites, memberKeys, resendInvite, withdrawInvite } from './members-api.ts';
import './i18n/members.ts';

/** The "Pending invitations" section of the members page, with resend and withdraw for member_write. */
export function PendingInvites({ workspaceId, canWrite }: { workspaceId: string | null; canWrite: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const invites = useQuery({ queryKey: memberKeys.invites(workspaceId), queryFn: listInvites });
  const [withdrawing, setWithdrawing] = useState<Invite | null>(null);
  const { locale } = usePreferences();
  const resend = useMutation({
    mutationFn: (invite: Invite) => resendInvite(invite.id),
    onSuccess: async () => {
      toast.success(translate('invite_sent', locale));
      await queryClient.invalidateQueries({ queryKey: memberKeys.invites(workspaceId) });
    },
  });

  let body: ReactNode;
  if (invites.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (invites.isError)
    body = (
      <Empty description={t('members.loadFailed')}>
        <Button onClick={() => void invites.refetch()}>{t('common.retry')}</Button>
      </Empty>
    );
  else if (invites.data.length === 0) body = <Empty description={t('common.noData')} />;
  else
    body = (
      <ul aria-label={t('members.pendingInvites')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {invites.data.map((invite, index) => (
          <li
            key={invite.id}
            style={{
              borderTop: index === 0 ? undefined : `1px solid ${token.colorBorderSecondary}`,
              padding: '12px 0',
            }}
          >
            <Flex align="center" gap={12} wrap>
              <MailOutlined aria-hidden style={{ color: token.colorTextTertiary }} />
              <Flex vertical style={{ flex: 1, minWidth: 180 }}>
                <Flex gap={8} align="center" wrap>
                  <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                    {invite.email}
                  </Typography.Text>
                  <Tag>{t(`roles.${invite.role}`)}</Tag>
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('members.invitedBy')}: {invite.invited_by} · {t('members.expiresAt')}:{' '}
                  {dayjs.unix(invite.expires_at).format('YYYY-MM-DD HH:mm')}
                </Typography.Text>
              </Flex>
              {canWrite && (
                <Flex gap={8} wrap>
                  <Button
                    loading={resend.isPending && resend.variables?.id === invite.id}
                    onClick={() => resend.mutate(invite)}
                    aria-label={t('members.resendLabel', { email: invite.email })}
                  >
                    {t('members.resend')}
                  </Button>
                  <Button
                    danger
                    onClick={() => setWithdrawing(invite)}
                    aria-label={`${t('members.withdraw')} ${invite.email}`}
                  >
                    {t('members.withdraw')}
                  </Button>
                </Flex>
              )}
            </Flex>
          </li>
        ))}
      </ul>
    );

  return (
    <Card title={t('members.pendingInvites')} style={{ marginTop: 16 }}>
      {body}
      <DeleteDialog
        open={withdrawing !== null}
        onClose={() => setWithdrawing(null)}
        title={t('members.withdrawTitle')}
        message={t('members.withdrawMessage', { email: withdrawing?.email ?? '' })}
        confirmText={t('members.withdraw')}
        onConfirm={async () => {
          if (!withdrawing) return;
          await withdrawInvite(withdrawing.id);
          await queryClient.invalidateQueries({ queryKey: memberKeys.invites(workspaceId) });
        }}
      />
    </Card>
  );
}
