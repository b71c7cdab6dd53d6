import { type ConversationDetail, type Message, TYPING_ACTION } from '@omnichat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useGeneralSocket, useSocketAction } from '../../app/socket/index.ts';
import { parseSocketPush } from '../../app/socket/parse-push.ts';
import { chatKeys, mergeIntoThread, type ThreadData } from './chat-api.ts';

/** Someone else's typing shows this long after their last signal (they send one every 3 s while typing). */
const TYPING_SHOWN_MS = 6_000;
/** The list refetches at most this often while messages stream in. */
const LIST_REFRESH_MS = 500;

/**
 * Keeps the inbox live from the general socket: a pushed message or status goes straight into its loaded thread,
 * the lists refetch (throttled) for order and unread counts, and after a reconnect the socket catches up on what
 * it missed since the last message seen, so nothing is lost in between.
 */
export function useLiveInbox(workspaceId: string | null, onMessage?: (message: Message) => void) {
  const queryClient = useQueryClient();
  const { state, request } = useGeneralSocket();
  const lastSeq = useRef(0);
  const wasConnected = useRef(false);
  const refresh = useRef<ReturnType<typeof setTimeout> | null>(null);

  const refreshLists = () => {
    if (refresh.current) return;
    refresh.current = setTimeout(() => {
      refresh.current = null;
      void queryClient.invalidateQueries({ queryKey: ['conversations', workspaceId, 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['conversations', workspaceId, 'detail'] });
    }, LIST_REFRESH_MS);
  };
  useEffect(
    () => () => {
      if (refresh.current) clearTimeout(refresh.current);
    },
    [],
  );

  const apply = (message: Message) => {
    lastSeq.current = Math.max(lastSeq.current, message.seq);
    // the customer writing reopens a closed or snoozed conversation with a line the socket does not carry
    const shown = queryClient.getQueryData<ConversationDetail>(chatKeys.detail(workspaceId, message.conversation_id));
    if (message.direction === 'inbound' && shown && (shown.status === 'closed' || shown.snoozed))
      void queryClient.invalidateQueries({ queryKey: chatKeys.thread(workspaceId, message.conversation_id) });
    queryClient.setQueryData<ThreadData>(chatKeys.thread(workspaceId, message.conversation_id), (data) =>
      mergeIntoThread(data, message),
    );
    onMessage?.(message);
    refreshLists();
  };

  useSocketAction('conversation.message', ({ data }) => {
    const message = parseSocketPush('conversation.message', data);
    if (message) apply(message);
  });
  useSocketAction('conversation.message_status', ({ data }) => {
    const message = parseSocketPush('conversation.message_status', data);
    if (message) apply(message);
  });
  // an activity line (assigned, closed, snoozed, labelled…) joins its open thread
  useSocketAction('conversation.activity', ({ data }) => {
    const item = parseSocketPush('conversation.activity', data);
    if (!item) return;
    queryClient.setQueryData<ThreadData>(chatKeys.thread(workspaceId, item.conversation_id), (thread) =>
      mergeIntoThread(thread, item),
    );
    refreshLists();
  });
  useSocketAction('conversation.changed', () => refreshLists());

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each reconnect only
  useEffect(() => {
    if (state !== 'connected') return;
    if (!wasConnected.current) {
      wasConnected.current = true;
      // what came between the page's first load and the socket's opening (its ticket's round trip) shows too
      refreshLists();
      return;
    }
    // back after a drop: what came meanwhile, in order
    void (async () => {
      for (let more = true; more; ) {
        const missed = await request<{ messages: Message[]; more: boolean }>('conversation.catch_up', {
          after_seq: lastSeq.current,
        }).catch(() => null);
        if (!missed) return;
        for (const message of missed.messages) apply(message);
        more = missed.more && missed.messages.length > 0;
      }
      refreshLists();
    })();
  }, [state]);

  return { noteSeen: (seq: number) => (lastSeq.current = Math.max(lastSeq.current, seq)) };
}

/** Who else is typing in the conversation, as the socket tells; my own signals are left out. */
export function useTypingOthers(conversationId: string, myMemberId: string | undefined) {
  const [typing, setTyping] = useState<Record<string, { name: string; until: number }>>({});
  useSocketAction(TYPING_ACTION, ({ data: raw, success, request_id }) => {
    // a reply to my own typing signal carries no one's typing
    const data = request_id === undefined && success !== false ? parseSocketPush(TYPING_ACTION, raw) : null;
    if (!data || data.conversation_id !== conversationId || data.member_id === myMemberId) return;
    setTyping((current) => {
      const next = { ...current };
      if (data.typing) next[data.member_id] = { name: data.display_name, until: Date.now() + TYPING_SHOWN_MS };
      else delete next[data.member_id];
      return next;
    });
  });
  useEffect(() => {
    const timer = setInterval(() => {
      setTyping((current) => {
        const now = Date.now();
        const kept = Object.entries(current).filter(([, entry]) => entry.until > now);
        return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
      });
    }, 1_000);
    return () => clearInterval(timer);
  }, []);
  return Object.values(typing).map((entry) => entry.name);
}
