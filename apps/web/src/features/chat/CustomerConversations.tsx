import { PlusOutlined } from '@ant-design/icons';
import type { Conversation } from '@omnichat/contracts';
import { Badge, Button, Card, Empty, Flex, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../app/session/use-session.ts';
import { QueryView } from '../../ui/QueryView.tsx';
import { TYPE_ICONS } from '../channels/index.ts';
import { useCustomerConversations } from './chat-api.ts';
import { CHAT_NS } from './i18n/index.ts';
import { NewConversationDialog } from './NewConversationDialog.tsx';

/** Where the inbox opens a conversation. */
export const conversationPath = (id: string) => `/app/chat/chat?c=${id}`;

const activityOf = (conversation: Conversation) => conversation.last_message_at ?? conversation.created_at;

interface CustomerConversationsProps {
  customerId: string;
  /** may start a conversation (conversation_write) */
  canStart: boolean;
}

/** The customer page's card of their conversations on every channel, newest activity first. */
export function CustomerConversations({ customerId, canStart }: CustomerConversationsProps) {
  const { t } = useTranslation(CHAT_NS);
  const { workspaceId } = useSession();
  const navigate = useNavigate();
  const conversations = useCustomerConversations(workspaceId, customerId);
  const [starting, setStarting] = useState(false);

  return (
    <Card
      title={t('tools.customer.title')}
      style={{ marginTop: 16 }}
      extra={
        canStart && (
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => setStarting(true)}>
            {t('tools.customer.start')}
          </Button>
        )
      }
    >
      <QueryView query={conversations} rows={3} failed={t('tools.customer.loadFailed')}>
        {(list) =>
          list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tools.customer.empty')} />
          ) : (
            <Flex vertical>
              {[...list]
                .sort((a, b) => activityOf(b) - activityOf(a))
                .map((conversation) => (
                  <ConversationRow key={conversation.id} conversation={conversation} />
                ))}
            </Flex>
          )
        }
      </QueryView>
      {canStart && (
        <NewConversationDialog
          open={starting}
          onClose={() => setStarting(false)}
          customerId={customerId}
          onStarted={(id) => navigate(conversationPath(id))}
        />
      )}
    </Card>
  );
}

function ConversationRow({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation(CHAT_NS);
  const { token } = theme.useToken();
  const Icon = TYPE_ICONS[conversation.channel_type];
  const type = t(`tools.types.${conversation.channel_type}`);
  const open = conversation.status === 'open';
  const at = dayjs.unix(activityOf(conversation));

  return (
    <Link
      to={conversationPath(conversation.id)}
      style={{ display: 'block', padding: '12px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <Flex gap={12} align="center">
        <Icon aria-label={type} style={{ fontSize: 20, color: token.colorTextSecondary }} />
        <Flex vertical flex={1} style={{ minWidth: 0 }}>
          <Flex gap={8} align="center">
            <Typography.Text strong>{type}</Typography.Text>
            <Tag color={open ? 'green' : 'default'}>{t(`tools.customer.status.${conversation.status}`)}</Tag>
          </Flex>
          <Typography.Text type="secondary" ellipsis>
            {conversation.last_message_preview ?? t('tools.customer.noMessage')}
          </Typography.Text>
        </Flex>
        <Flex vertical align="flex-end" gap={4}>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {at.isSame(dayjs(), 'day') ? at.format('HH:mm') : at.format('YYYY-MM-DD HH:mm')}
          </Typography.Text>
          {conversation.unread_count > 0 && (
            <Badge
              count={conversation.unread_count}
              title={t('tools.customer.unread', { count: conversation.unread_count })}
            />
          )}
        </Flex>
      </Flex>
    </Link>
  );
}
