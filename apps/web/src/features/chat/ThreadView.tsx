import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { Empty, Flex, Skeleton, Spin, Typography } from 'antd';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityLine } from './ActivityLine.tsx';
import { threadMessages, useThread } from './chat-api.ts';
import { isActivity } from './desk-api.ts';
import { CHAT_NS } from './i18n/index.ts';
import { MessageBubble } from './MessageBubble.tsx';

/** Within this many pixels of the bottom, a new message keeps the thread scrolled to the end. */
const STICK_PX = 120;
const ESTIMATED_ROW_PX = 76;
const UNLAID_RECT = { width: 640, height: 720 };

/**
 * The thread, virtualised: only the messages on screen are in the page, so a conversation of 10,000 messages
 * opens at once. It opens at the newest message, loads older pages as the agent scrolls up (keeping their place),
 * and follows new messages while the agent is at the end.
 */
export function ThreadView({
  workspaceId,
  conversationId,
  typing,
  aiAgentName,
}: {
  workspaceId: string | null;
  conversationId: string;
  typing: string[];
  /** the name of the channel's AI agent, on its answers */
  aiAgentName?: string | null;
}) {
  const { t } = useTranslation(CHAT_NS);
  const thread = useThread(workspaceId, conversationId);
  const messages = threadMessages(thread.data);
  const scroller = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const firstId = useRef<string | null>(null);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 8,
    getItemKey: (index) => messages[index]!.id,
    // a row not laid out (a hidden tab, no layout engine) keeps its estimate rather than collapsing to nothing
    measureElement: (element) => element.getBoundingClientRect().height || ESTIMATED_ROW_PX,
    // before layout (the first paint, a hidden panel, no layout engine) the thread counts as a window-sized one
    initialRect: UNLAID_RECT,
    observeElementRect: (instance, onChange) =>
      observeElementRect(instance, (rect) => onChange(rect.height > 0 ? rect : UNLAID_RECT)),
  });

  // older messages came in above: keep the message the agent was looking at where it was
  useLayoutEffect(() => {
    const first = messages[0]?.id ?? null;
    if (firstId.current && first !== firstId.current) {
      const kept = messages.findIndex((message) => message.id === firstId.current);
      if (kept > 0) virtualizer.scrollToIndex(kept, { align: 'start' });
    }
    firstId.current = first;
  });

  // opening, and new messages while at the end: show the newest
  const last = messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the last message only
  useEffect(() => {
    if (last && atEnd.current) virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
  }, [last]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_PX;
    if (element.scrollTop < 200 && thread.hasNextPage && !thread.isFetchingNextPage) void thread.fetchNextPage();
  };

  if (thread.isPending) return <Skeleton active paragraph={{ rows: 6 }} style={{ padding: 24 }} />;
  if (thread.isError)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('thread.loadFailed')} style={{ padding: 48 }} />;
  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      role="log"
      aria-label={t('thread.label')}
      aria-live="polite"
      style={{ flex: 1, overflowY: 'auto', padding: '12px 16px', minHeight: 0 }}
    >
      {thread.isFetchingNextPage && (
        <Flex justify="center">
          <Spin size="small" />
        </Flex>
      )}
      {messages.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('thread.empty')} />}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}
          >
            <div style={{ paddingBottom: 12 }}>
              {(() => {
                const item = messages[row.index]!;
                return isActivity(item) ? (
                  <ActivityLine item={item} />
                ) : (
                  <MessageBubble message={item} aiAgentName={aiAgentName} />
                );
              })()}
            </div>
          </div>
        ))}
      </div>
      {typing.length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('thread.typing', { names: typing.join(', '), count: typing.length })}
        </Typography.Text>
      )}
    </div>
  );
}
