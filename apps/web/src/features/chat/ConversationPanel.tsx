import { type ConversationDetail, memberEndpoints, teamEndpoints } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Flex, Rate, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { http } from '../../app/http/index.ts';
import { useAssign } from './chat-api.ts';
import { CHAT_NS } from './i18n/index.ts';
import { replyWindow } from './reply-window.ts';

/** Who handles it, as one choice: nobody, every team, a team, or a member. */
const assigneeOf = (conversation: ConversationDetail) =>
  conversation.assignee_member_id
    ? `member:${conversation.assignee_member_id}`
    : conversation.team_id
      ? `team:${conversation.team_id}`
      : conversation.all_teams
        ? 'all'
        : 'none';

function AssigneeSelect({
  workspaceId,
  conversation,
}: {
  workspaceId: string | null;
  conversation: ConversationDetail;
}) {
  const { t } = useTranslation(CHAT_NS);
  const assign = useAssign(conversation.id);
  const members = useQuery({
    queryKey: ['members', workspaceId, 'assignable'],
    queryFn: () => http.call(memberEndpoints.list, { query: { page: 1, size: 100 } }),
  });
  const teams = useQuery({
    queryKey: ['teams', workspaceId, 'assignable'],
    queryFn: () => http.call(teamEndpoints.list, { query: { page: 1, size: 100 } }),
  });
  const choose = (value: string) => {
    const [kind, id = null] = value.split(':');
    assign.mutate({
      assignee_member_id: kind === 'member' ? id : null,
      team_id: kind === 'team' ? id : null,
      all_teams: kind === 'all',
    });
  };
  return (
    <Select
      aria-label={t('panel.assignee')}
      value={assigneeOf(conversation)}
      onChange={choose}
      loading={assign.isPending || members.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
      options={[
        { value: 'none', label: t('panel.unassigned') },
        { value: 'all', label: t('panel.allTeams') },
        {
          label: t('panel.teams'),
          options: (teams.data ?? []).map((team) => ({ value: `team:${team.id}`, label: team.name })),
        },
        {
          label: t('panel.members'),
          options: (members.data?.items ?? [])
            .filter((member) => member.active)
            .map((member) => ({
              value: `member:${member.id}`,
              label: member.user.display_name || member.user.username,
            })),
        },
      ]}
    />
  );
}

/** Beside the thread: the customer, the session and who handles the conversation (the header holds the actions). */
export function ConversationPanel({
  workspaceId,
  conversation,
  canWrite,
}: {
  workspaceId: string | null;
  conversation: ConversationDetail;
  canWrite: boolean;
}) {
  const { t } = useTranslation(CHAT_NS);
  const reply = replyWindow(conversation);
  const closed = conversation.status === 'closed';
  return (
    <Flex vertical gap={16} style={{ padding: 16 }}>
      <div>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {conversation.customer.display_name}
        </Typography.Title>
        <Link to={`/app/relationship/customers/${conversation.customer.id}`}>{t('panel.customerPage')}</Link>
      </div>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'phone', label: t('panel.phone'), children: conversation.customer.phone ?? '—' },
          { key: 'channel', label: t('panel.channel'), children: t(`channels.${conversation.channel_type}`) },
          {
            key: 'session',
            label: t('panel.session'),
            children:
              conversation.channel_type === 'webchat' ? (
                <Tag color="green">{t('panel.sessionAlways')}</Tag>
              ) : reply.open ? (
                <Tag color={reply.tagged ? 'gold' : 'green'}>
                  {t(reply.tagged ? 'panel.sessionTagged' : 'panel.sessionUntil', {
                    time: dayjs.unix(reply.until!).format('D MMM HH:mm'),
                  })}
                </Tag>
              ) : (
                <Tag color="orange">{t('panel.sessionClosed')}</Tag>
              ),
          },
          {
            key: 'status',
            label: t('panel.status'),
            children: <Tag color={closed ? 'default' : 'blue'}>{t(`panel.${conversation.status}`)}</Tag>,
          },
          ...(conversation.csat_score
            ? [
                {
                  key: 'rating',
                  label: t('panel.rating'),
                  children: (
                    <Flex vertical gap={2}>
                      <Rate disabled value={conversation.csat_score} style={{ fontSize: 14 }} />
                      <Typography.Text type="secondary">
                        {t('panel.ratingOf', { score: conversation.csat_score })}
                      </Typography.Text>
                      {conversation.csat_comment && <Typography.Text>“{conversation.csat_comment}”</Typography.Text>}
                    </Flex>
                  ),
                },
              ]
            : []),
        ]}
      />
      {canWrite && (
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">{t('panel.assignee')}</Typography.Text>
          <AssigneeSelect workspaceId={workspaceId} conversation={conversation} />
        </Flex>
      )}
    </Flex>
  );
}
