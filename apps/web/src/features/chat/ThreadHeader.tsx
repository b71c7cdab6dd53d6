import {
  ArrowLeftOutlined,
  CheckOutlined,
  ClockCircleOutlined,
  InfoCircleOutlined,
  QuestionCircleOutlined,
  RedoOutlined,
  TagsOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import {
  type AssignConversationBody,
  type ConversationDetail,
  memberEndpoints,
  teamEndpoints,
} from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, DatePicker, Dropdown, Flex, Modal, Popover, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../app/http/index.ts';
import { useSession } from '../../app/session/use-session.ts';
import { assignMenuItems } from './assign-menu.ts';
import { CHANNEL_ICONS } from './ConversationList.tsx';
import { useAssign, useSetAi, useSetStatus } from './chat-api.ts';
import { useLabels, useSetLabels, useSnooze } from './desk-api.ts';
import { CHAT_NS } from './i18n/index.ts';

/** The desk-standard shortcuts (Alt and a letter, by key position so any keyboard layout works). */
const SHORTCUTS = { resolve: 'KeyE', mine: 'KeyM', assign: 'KeyA', snooze: 'KeyS', labels: 'KeyL' } as const;
type Shortcut = keyof typeof SHORTCUTS;

function useShortcuts(enabled: boolean, handlers: Record<Shortcut, () => void>) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const found = (Object.keys(SHORTCUTS) as Shortcut[]).find((name) => SHORTCUTS[name] === event.code);
      if (!found) return;
      event.preventDefault();
      latest.current[found]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

const tip = (title: string, keys: string) => `${title} (${keys})`;

/** When a snooze preset ends, in unix seconds. */
const presets = () => ({
  hour: dayjs().add(1, 'hour'),
  tomorrow: dayjs().add(1, 'day').hour(9).minute(0).second(0),
  week: dayjs().day(8).hour(9).minute(0).second(0),
});

/** Whether the channel's AI agent answers: it does while active and nobody is assigned (the answering job's rule). */
function AiState({ conversation }: { conversation: ConversationDetail }) {
  const { t } = useTranslation(CHAT_NS);
  const name = conversation.ai_agent?.name;
  if (!conversation.ai_active) return <Tag>{t('desk.ai.handedOver', { name })}</Tag>;
  if (conversation.assignee_member_id) return <Tag color="purple">{t('desk.ai.waiting', { name })}</Tag>;
  return (
    <Tag color="purple" variant="filled">
      {t('desk.ai.answering', { name })}
    </Tag>
  );
}

/**
 * Take over from the channel's AI agent (at once) or hand the conversation back to it (once confirmed): members who
 * may write to conversations, as the server requires.
 */
function AiSwitch({ conversation }: { conversation: ConversationDetail }) {
  const { t } = useTranslation(CHAT_NS);
  const setAi = useSetAi(conversation.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      {conversation.ai_active ? (
        <Tooltip title={t('desk.ai.takeOverTip')}>
          <Button loading={setAi.isPending} onClick={() => setAi.mutate(false)}>
            {t('desk.ai.takeOver')}
          </Button>
        </Tooltip>
      ) : (
        <Button loading={setAi.isPending} onClick={() => setConfirming(true)}>
          {t('desk.ai.handBack')}
        </Button>
      )}
      <Modal
        open={confirming}
        title={t('desk.ai.handBackTitle', { name: conversation.ai_agent?.name })}
        okText={t('desk.ai.handBack')}
        onCancel={() => setConfirming(false)}
        onOk={() => {
          setConfirming(false);
          setAi.mutate(true);
        }}
        destroyOnHidden
      >
        {t('desk.ai.handBackText')}
      </Modal>
    </>
  );
}

/**
 * The thread's header: the customer, the conversation's labels and its AI agent's state, and its actions with their
 * shortcuts (assign to me, a member or a team; resolve or reopen; snooze until a time or the customer's next message;
 * labels; take over from the AI agent or hand back to it).
 */
export function ThreadHeader({
  workspaceId,
  conversation,
  canWrite,
  onBack,
  onDetails,
}: {
  workspaceId: string | null;
  conversation: ConversationDetail;
  canWrite: boolean;
  onBack?: () => void;
  onDetails?: () => void;
}) {
  const { t } = useTranslation(CHAT_NS);
  const { member } = useSession();
  const [menu, setMenu] = useState<'assign' | 'snooze' | 'labels' | null>(null);
  const [picking, setPicking] = useState(false);
  const [pickedAt, setPickedAt] = useState<Dayjs | null>(null);
  const assign = useAssign(conversation.id);
  const setStatus = useSetStatus(conversation.id);
  const snooze = useSnooze(conversation.id);
  const setLabels = useSetLabels(conversation.id);
  const labels = useLabels(workspaceId);
  const members = useQuery({
    queryKey: ['members', workspaceId, 'assignable'],
    queryFn: () => http.call(memberEndpoints.list, { query: { page: 1, size: 100 } }),
    enabled: canWrite,
  });
  const teams = useQuery({
    queryKey: ['teams', workspaceId, 'assignable'],
    queryFn: () => http.call(teamEndpoints.list, { query: { page: 1, size: 100 } }),
    enabled: canWrite,
  });
  const closed = conversation.status === 'closed';
  const Icon = CHANNEL_ICONS[conversation.channel_type];
  const to = (body: Partial<AssignConversationBody>) =>
    assign.mutate({ assignee_member_id: null, team_id: null, all_teams: false, ...body });
  const toggleStatus = () => setStatus.mutate(closed ? 'open' : 'closed');
  const mine = () => member && to({ assignee_member_id: member.id });

  useShortcuts(canWrite, {
    resolve: toggleStatus,
    mine,
    assign: () => setMenu('assign'),
    snooze: () => !closed && setMenu('snooze'),
    labels: () => setMenu('labels'),
  });

  const opened = (name: 'assign' | 'snooze' | 'labels') => ({
    open: menu === name,
    onOpenChange: (open: boolean) => setMenu(open ? name : null),
  });
  const snoozeAt = (at: Dayjs | null) => {
    setMenu(null);
    snooze.mutate(at ? at.unix() : null);
  };
  const action = (title: string, keys: string, node: ReactNode) => <Tooltip title={tip(title, keys)}>{node}</Tooltip>;

  return (
    <Flex align="center" gap={8} wrap style={{ padding: '8px 12px', borderBottom: '1px solid rgba(128,128,128,0.2)' }}>
      {onBack && <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('thread.back')} onClick={onBack} />}
      <Icon aria-label={t(`channels.${conversation.channel_type}`)} />
      <Flex vertical style={{ flex: 1, minWidth: 120 }}>
        <Typography.Text strong ellipsis>
          {conversation.customer.display_name}
        </Typography.Text>
        <Flex gap={4} wrap>
          {conversation.ai_agent && <AiState conversation={conversation} />}
          {conversation.snoozed && (
            <Tag icon={<ClockCircleOutlined aria-hidden />}>
              {conversation.snoozed_until
                ? t('desk.header.snoozed', { time: dayjs.unix(conversation.snoozed_until).format('D MMM HH:mm') })
                : t('desk.header.snoozedReply')}
            </Tag>
          )}
          {conversation.labels.map((label) => (
            <Tag key={label.id} color={label.color}>
              {label.name}
            </Tag>
          ))}
        </Flex>
      </Flex>
      {canWrite && (
        <Flex gap={4} wrap>
          {conversation.ai_agent && <AiSwitch conversation={conversation} />}
          <Dropdown
            {...opened('assign')}
            trigger={['click']}
            menu={{
              onClick: ({ key }) => {
                setMenu(null);
                const [kind, id = null] = key.split(':');
                if (kind === 'me') mine();
                else if (kind === 'none') to({});
                else if (kind === 'all') to({ all_teams: true });
                else if (kind === 'team') to({ team_id: id });
                else to({ assignee_member_id: id });
              },
              items: assignMenuItems(t, teams.data, members.data?.items, tip(t('desk.header.assignToMe'), 'Alt+M')),
            }}
          >
            {action(
              t('desk.header.assign'),
              'Alt+A',
              <Button icon={<UserAddOutlined aria-hidden />} loading={assign.isPending}>
                {t('desk.header.assign')}
              </Button>,
            )}
          </Dropdown>
          {!closed && (
            <Dropdown
              {...opened('snooze')}
              trigger={['click']}
              menu={{
                onClick: ({ key }) => {
                  if (key === 'custom') {
                    setMenu(null);
                    setPicking(true);
                  } else if (key === 'reply') snoozeAt(null);
                  else snoozeAt(presets()[key as 'hour' | 'tomorrow' | 'week']);
                },
                items: [
                  { key: 'hour', label: t('desk.header.snoozeHour') },
                  { key: 'tomorrow', label: t('desk.header.snoozeTomorrow') },
                  { key: 'week', label: t('desk.header.snoozeWeek') },
                  { key: 'reply', label: t('desk.header.snoozeReply') },
                  { key: 'custom', label: t('desk.header.snoozeCustom') },
                ],
              }}
            >
              {action(
                t('desk.header.snooze'),
                'Alt+S',
                <Button icon={<ClockCircleOutlined aria-hidden />} loading={snooze.isPending}>
                  {t('desk.header.snooze')}
                </Button>,
              )}
            </Dropdown>
          )}
          <Popover
            {...opened('labels')}
            trigger="click"
            title={t('desk.header.labels')}
            content={
              labels.data?.length ? (
                <Checkbox.Group
                  style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
                  value={conversation.labels.map((label) => label.id)}
                  onChange={(ids) => setLabels.mutate(ids as string[])}
                  options={labels.data.map((label) => ({
                    value: label.id,
                    label: <Tag color={label.color}>{label.name}</Tag>,
                  }))}
                />
              ) : (
                <Typography.Text type="secondary">{t('desk.header.noLabels')}</Typography.Text>
              )
            }
          >
            {action(
              t('desk.header.labels'),
              'Alt+L',
              <Button icon={<TagsOutlined aria-hidden />} aria-label={t('desk.header.labels')} />,
            )}
          </Popover>
          {action(
            closed ? t('desk.header.reopen') : t('desk.header.resolve'),
            'Alt+E',
            <Button
              type={closed ? 'default' : 'primary'}
              icon={closed ? <RedoOutlined aria-hidden /> : <CheckOutlined aria-hidden />}
              loading={setStatus.isPending}
              onClick={toggleStatus}
            >
              {closed ? t('desk.header.reopen') : t('desk.header.resolve')}
            </Button>,
          )}
          <Popover trigger="click" title={t('desk.header.shortcuts')} content={t('desk.header.shortcutList')}>
            <Button type="text" icon={<QuestionCircleOutlined aria-hidden />} aria-label={t('desk.header.shortcuts')} />
          </Popover>
        </Flex>
      )}
      {onDetails && (
        <Button type="text" icon={<InfoCircleOutlined />} aria-label={t('thread.details')} onClick={onDetails} />
      )}
      <Modal
        open={picking}
        title={t('desk.header.snoozePick')}
        okText={t('desk.header.snooze')}
        okButtonProps={{ disabled: !pickedAt }}
        onCancel={() => setPicking(false)}
        onOk={() => {
          setPicking(false);
          snoozeAt(pickedAt);
        }}
        destroyOnHidden
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          aria-label={t('desk.header.snoozePick')}
          disabledDate={(day) => day.isBefore(dayjs(), 'day') || day.isAfter(dayjs().add(1, 'year'))}
          value={pickedAt}
          onChange={setPickedAt}
          style={{ width: '100%' }}
        />
      </Modal>
    </Flex>
  );
}
