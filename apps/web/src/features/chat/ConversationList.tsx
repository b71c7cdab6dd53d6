import { FacebookOutlined, InstagramOutlined, MessageOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { type Conversation, LIMITS } from '@omnichat/contracts';
import { Avatar, Badge, Button, Checkbox, Empty, Flex, Segmented, Select, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../ui/list/SearchBox.tsx';
import { useDebounced } from '../../ui/use-debounced.ts';
import { BulkBar } from './BulkBar.tsx';
import { CONVERSATION_FILTERS, type ConversationFilter, useConversationList } from './chat-api.ts';
import { useLabels } from './desk-api.ts';
import { CHAT_NS } from './i18n/index.ts';

export const CHANNEL_ICONS: Record<Conversation['channel_type'], typeof WhatsAppOutlined> = {
  whatsapp: WhatsAppOutlined,
  messenger: FacebookOutlined,
  instagram: InstagramOutlined,
  webchat: MessageOutlined,
};

/** Today's times as 14:05, this year's as 3 Mar, older ones with the year. */
function when(seconds: number | null) {
  if (!seconds) return '';
  const at = dayjs.unix(seconds);
  if (at.isSame(dayjs(), 'day')) return at.format('HH:mm');
  return at.format(at.isSame(dayjs(), 'year') ? 'D MMM' : 'D MMM YYYY');
}

function Row({
  conversation,
  selected,
  onSelect,
  checked,
  onCheck,
}: {
  conversation: Conversation;
  selected: boolean;
  onSelect: () => void;
  /** with bulk actions: whether the row is chosen */
  checked?: boolean;
  onCheck?: (checked: boolean) => void;
}) {
  const { t } = useTranslation(CHAT_NS);
  const Icon = CHANNEL_ICONS[conversation.channel_type];
  const name = conversation.customer.display_name;
  // The button is the name; its ::after covers the whole row, so a click anywhere opens the conversation while the
  // button's name stays the text it shows (the time, preview and count are read after it, outside the button).
  return (
    <div
      className="oc-conversation-row"
      style={{
        position: 'relative',
        padding: '10px 12px',
        borderRadius: 8,
        background: selected ? 'rgba(22, 119, 255, 0.12)' : undefined,
      }}
    >
      <Flex gap={10} align="center">
        {onCheck && (
          <Checkbox
            checked={checked}
            onChange={(event) => onCheck(event.target.checked)}
            aria-label={t('desk.bulk.select', { name })}
            style={{ position: 'relative', zIndex: 1 }}
          />
        )}
        <Badge count={<Icon aria-hidden style={{ fontSize: 14, color: '#1677ff' }} />} offset={[-4, 28]}>
          <Avatar aria-hidden>{name.slice(0, 1).toUpperCase()}</Avatar>
        </Badge>
        <Flex vertical style={{ minWidth: 0, flex: 1 }}>
          <Flex justify="space-between" gap={8}>
            <button
              type="button"
              className="oc-conversation-open"
              onClick={onSelect}
              aria-current={selected ? 'true' : undefined}
              aria-label={
                conversation.unread_count ? t('list.unread', { name, count: conversation.unread_count }) : name
              }
            >
              <Typography.Text strong={conversation.unread_count > 0} ellipsis>
                {name}
              </Typography.Text>
            </button>
            <Typography.Text type="secondary" style={{ fontSize: 12, flexShrink: 0 }}>
              {when(conversation.last_message_at)}
            </Typography.Text>
          </Flex>
          <Flex justify="space-between" gap={8} align="center">
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 13 }}>
              {conversation.last_message_preview ?? ''}
            </Typography.Text>
            <Badge count={conversation.unread_count} overflowCount={99} size="small" />
          </Flex>
          {conversation.labels.length > 0 && (
            <Flex gap={2} wrap style={{ marginTop: 2 }}>
              {conversation.labels.map((label) => (
                <Tag
                  key={label.id}
                  color={label.color}
                  style={{ fontSize: 11, lineHeight: '16px', marginInlineEnd: 0 }}
                >
                  {label.name}
                </Tag>
              ))}
            </Flex>
          )}
        </Flex>
      </Flex>
    </div>
  );
}

/**
 * The chat list (SPEC 2 filters: all, me, supervised, unread, closed; and snoozed) with search, a label filter,
 * unread badges and labels; agents who may write choose rows for bulk actions.
 */
export function ConversationList({
  workspaceId,
  selectedId,
  onSelect,
  canWrite = false,
}: {
  workspaceId: string | null;
  selectedId: string | null;
  onSelect: (id: string) => void;
  canWrite?: boolean;
}) {
  const { t } = useTranslation(CHAT_NS);
  const [filter, setFilter] = useState<ConversationFilter>('all');
  const [typed, setTyped] = useState('');
  const [labelId, setLabelId] = useState<string | undefined>();
  const [chosen, setChosen] = useState<string[]>([]);
  const keyword = useDebounced(typed.trim(), LIMITS.searchDebounceMs);
  const list = useConversationList(workspaceId, filter, keyword, labelId);
  const labels = useLabels(workspaceId);
  const conversations = list.data?.pages.flatMap((page) => page.data) ?? [];
  const check = (id: string, on: boolean) =>
    setChosen((current) => (on ? [...new Set([...current, id])] : current.filter((one) => one !== id)));
  const allChosen = conversations.length > 0 && conversations.every((one) => chosen.includes(one.id));

  return (
    <Flex vertical gap={8} style={{ height: '100%', minHeight: 0 }}>
      <Flex>
        <SearchBox
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={typed}
          onChange={setTyped}
        />
      </Flex>
      <div style={{ overflowX: 'auto', flexShrink: 0 }}>
        <Segmented
          size="small"
          value={filter}
          onChange={(next) => setFilter(next as ConversationFilter)}
          options={CONVERSATION_FILTERS.map((value) => ({ value, label: t(`filters.${value}`) }))}
        />
      </div>
      <Flex gap={8} align="center">
        {canWrite && (
          <Checkbox
            aria-label={t('desk.bulk.selectAll')}
            checked={allChosen}
            indeterminate={chosen.length > 0 && !allChosen}
            onChange={(event) => setChosen(event.target.checked ? conversations.map((one) => one.id) : [])}
          />
        )}
        <Select
          size="small"
          allowClear
          aria-label={t('desk.labelFilter')}
          placeholder={t('desk.labelFilter')}
          value={labelId}
          onChange={(value) => setLabelId(value ?? undefined)}
          style={{ flex: 1, minWidth: 0 }}
          options={(labels.data ?? []).map((label) => ({
            value: label.id,
            label: (
              <Tag color={label.color} style={{ marginInlineEnd: 0 }}>
                {label.name}
              </Tag>
            ),
            title: label.name,
          }))}
        />
      </Flex>
      {canWrite && chosen.length > 0 && <BulkBar workspaceId={workspaceId} ids={chosen} onDone={() => setChosen([])} />}
      <nav aria-label={t('list.label')} style={{ flex: 1, overflowY: 'auto', minHeight: 0 }}>
        {list.isPending ? (
          <Skeleton active avatar paragraph={{ rows: 4 }} />
        ) : list.isError ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.loadFailed')} />
        ) : conversations.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={keyword ? t('list.noMatch') : t(`list.empty.${filter}`)}
          />
        ) : (
          conversations.map((conversation) => (
            <Row
              key={conversation.id}
              conversation={conversation}
              selected={conversation.id === selectedId}
              onSelect={() => onSelect(conversation.id)}
              checked={chosen.includes(conversation.id)}
              onCheck={canWrite ? (on) => check(conversation.id, on) : undefined}
            />
          ))
        )}
        {list.hasNextPage && (
          <Button block type="link" loading={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
            {t('list.more')}
          </Button>
        )}
      </nav>
    </Flex>
  );
}
