import { PlusOutlined } from '@ant-design/icons';
import type { Message } from '@omnichat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Empty, Flex, Grid, Skeleton } from 'antd';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMemberPermissions } from '../../app/queries.ts';
import { useSession } from '../../app/session/use-session.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { CannedRepliesDrawer } from './CannedRepliesDrawer.tsx';
import { Composer } from './Composer.tsx';
import { ConversationList } from './ConversationList.tsx';
import { ConversationPanel } from './ConversationPanel.tsx';
import { chatKeys, markRead, useConversation, useSetStatus } from './chat-api.ts';
import { CHAT_NS } from './i18n/index.ts';
import { NewConversationDialog } from './NewConversationDialog.tsx';
import { ThreadHeader } from './ThreadHeader.tsx';
import { ThreadView } from './ThreadView.tsx';
import { useLiveInbox, useTypingOthers } from './use-live-inbox.ts';

/** The open conversation counts as read for the member: on opening it, and as the customer writes while it is open. */
function useReadWhileOpen(workspaceId: string | null, conversationId: string | null) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const read = (id: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void markRead(id)
        .then(() => queryClient.invalidateQueries({ queryKey: ['conversations', workspaceId, 'list'] }))
        .catch(() => undefined);
    }, 300);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening a conversation
  useEffect(() => {
    if (conversationId && document.visibilityState !== 'hidden') read(conversationId);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [conversationId]);
  return (message: Message) => {
    if (message.conversation_id === conversationId && message.direction === 'inbound') read(conversationId);
  };
}

/** The customer panel sits beside the thread from this width; below it, it opens as a drawer. */
const SIDE_PANEL_QUERY = '(min-width: 1280px)';
const subscribeWidth = (onChange: () => void) => {
  const query = window.matchMedia?.(SIDE_PANEL_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
const useSidePanel = () => useSyncExternalStore(subscribeWidth, () => !!window.matchMedia?.(SIDE_PANEL_QUERY).matches);

/** A resolved conversation's composer says so and offers to reopen it. */
function ClosedNotice({ id }: { id: string }) {
  const { t } = useTranslation(CHAT_NS);
  const setStatus = useSetStatus(id);
  return (
    <Alert
      type="info"
      showIcon
      style={{ margin: '0 12px 8px' }}
      title={t('desk.closedComposer')}
      action={
        <Button size="small" loading={setStatus.isPending} onClick={() => setStatus.mutate('open')}>
          {t('desk.header.reopen')}
        </Button>
      }
    />
  );
}

function Conversation({
  workspaceId,
  id,
  canWrite,
  onBack,
  onOpenCanned,
}: {
  workspaceId: string | null;
  id: string;
  canWrite: boolean;
  onBack?: () => void;
  onOpenCanned: () => void;
}) {
  const { t } = useTranslation(CHAT_NS);
  const { member } = useSession();
  const beside = useSidePanel();
  const [details, setDetails] = useState(false);
  const conversation = useConversation(workspaceId, id);
  const typing = useTypingOthers(id, member?.id);
  if (conversation.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (conversation.isError)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('thread.notFound')} style={{ padding: 48 }} />;
  const found = conversation.data;
  const panel = <ConversationPanel workspaceId={workspaceId} conversation={found} canWrite={canWrite} />;
  return (
    <Flex style={{ height: '100%', minHeight: 0 }}>
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <ThreadHeader
          workspaceId={workspaceId}
          conversation={found}
          canWrite={canWrite}
          onBack={onBack}
          onDetails={beside ? undefined : () => setDetails(true)}
        />
        <ThreadView workspaceId={workspaceId} conversationId={id} typing={typing} aiAgentName={found.ai_agent?.name} />
        {canWrite && found.status === 'closed' && <ClosedNotice id={id} />}
        {canWrite && <Composer workspaceId={workspaceId} conversation={found} onOpenCanned={onOpenCanned} />}
      </Flex>
      {beside ? (
        <div style={{ width: 300, borderLeft: '1px solid rgba(128,128,128,0.2)', overflowY: 'auto' }}>{panel}</div>
      ) : (
        <Drawer open={details} onClose={() => setDetails(false)} title={t('thread.details')} size={320}>
          {panel}
        </Drawer>
      )}
    </Flex>
  );
}

/** /app/chat/chat: the shared inbox. On a phone the list and the open conversation take the screen in turn. */
export function ChatPage() {
  const { t } = useTranslation(CHAT_NS);
  const { workspaceId, isAdmin, member } = useSession();
  const permissions = useMemberPermissions();
  const canWrite = isAdmin || (permissions.data ?? member?.permissions ?? []).includes('conversation_write');
  const screens = Grid.useBreakpoint();
  const phone = !screens.md;
  const [params, setParams] = useSearchParams();
  const selected = params.get('c');
  const select = (id: string | null) => setParams(id ? { c: id } : {}, { replace: !id });
  const [starting, setStarting] = useState(false);
  const [cannedOpen, setCannedOpen] = useState(false);
  const queryClient = useQueryClient();
  const readIncoming = useReadWhileOpen(workspaceId, selected);
  useLiveInbox(workspaceId, readIncoming);

  return (
    <>
      <PageHeader
        title={t('title')}
        extra={
          canWrite && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setStarting(true)}>
              {t('newConversation')}
            </Button>
          )
        }
      />
      <Card
        styles={{ body: { padding: 0, height: '100%' } }}
        style={{ height: 'calc(100dvh - 190px)', minHeight: 420 }}
      >
        <Flex style={{ height: '100%' }}>
          {(!phone || !selected) && (
            <div
              style={{
                width: phone ? '100%' : 340,
                padding: 12,
                borderRight: phone ? undefined : '1px solid rgba(128,128,128,0.2)',
              }}
            >
              <ConversationList workspaceId={workspaceId} selectedId={selected} onSelect={select} canWrite={canWrite} />
            </div>
          )}
          {(!phone || selected) && (
            <div style={{ flex: 1, minWidth: 0 }}>
              {selected ? (
                <Conversation
                  key={selected}
                  workspaceId={workspaceId}
                  id={selected}
                  canWrite={canWrite}
                  onBack={phone ? () => select(null) : undefined}
                  onOpenCanned={() => setCannedOpen(true)}
                />
              ) : (
                <Flex align="center" justify="center" style={{ height: '100%' }}>
                  <Empty description={t('thread.none')} />
                </Flex>
              )}
            </div>
          )}
        </Flex>
      </Card>
      <NewConversationDialog
        open={starting}
        onClose={() => setStarting(false)}
        onStarted={(id) => {
          setStarting(false);
          void queryClient.invalidateQueries({ queryKey: chatKeys.all });
          select(id);
        }}
      />
      <CannedRepliesDrawer open={cannedOpen} onClose={() => setCannedOpen(false)} canWrite={canWrite} />
    </>
  );
}
