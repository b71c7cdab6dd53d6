import { SmileOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Sender, Suggestion } from '@ant-design/x';
import { type ConversationDetail, TYPING_ACTION } from '@omnichat/contracts';
import { Alert, Button, Flex, Popover, Segmented, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGeneralSocket } from '../../app/socket/index.ts';
import { useCannedReplies, useSendMessage } from './chat-api.ts';
import { CHAT_NS } from './i18n/index.ts';

const EMOJI = '😀 😂 😊 😍 🙏 👍 👌 👋 🙌 👏 🎉 ❤️ 💯 🔥 ✅ ❌ ⭐ 🤔 😅 😢 😮 😎 🙂 😉 📦 🚚 💳 📞 📅 ⏰'.split(' ');
/** While the agent types, the others hear it this often (and once more when they stop). */
const TYPING_EVERY_MS = 3_000;

/** The free-reply window is open: web chat always, Meta channels until 24 hours after the customer's last message. */
export const sessionOpen = (conversation: ConversationDetail, now = Date.now()) =>
  conversation.channel_type === 'webchat' ||
  (conversation.session_expires_at !== null && conversation.session_expires_at * 1000 > now);

/**
 * Reply or private note. "/" and a shortcut inserts a canned reply; the emoji button adds an emoji. Outside the
 * customer's 24-hour window only a template may be sent: the composer says so and keeps notes possible.
 */
export function Composer({
  workspaceId,
  conversation,
  onOpenCanned,
}: {
  workspaceId: string | null;
  conversation: ConversationDetail;
  onOpenCanned: () => void;
}) {
  const { t } = useTranslation(CHAT_NS);
  const [mode, setMode] = useState<'reply' | 'note'>('reply');
  const [value, setValue] = useState('');
  const send = useSendMessage(workspaceId, conversation.id);
  const canned = useCannedReplies(workspaceId);
  const { send: signal, state } = useGeneralSocket();
  const lastSignal = useRef(0);
  const windowOpen = sessionOpen(conversation);
  const blocked = mode === 'reply' && !windowOpen;

  const tellTyping = (typing: boolean) => {
    if (state !== 'connected') return;
    if (typing && Date.now() - lastSignal.current < TYPING_EVERY_MS) return;
    lastSignal.current = typing ? Date.now() : 0;
    try {
      signal(TYPING_ACTION, { conversation_id: conversation.id, typing });
    } catch {
      // the socket closed meanwhile: typing is only a hint
    }
  };
  // leaving the conversation while typing (the page mounts a new composer for each conversation)
  // biome-ignore lint/correctness/useExhaustiveDependencies: on leaving only
  useEffect(() => () => void (lastSignal.current && tellTyping(false)), []);

  const submit = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || blocked) return;
    tellTyping(false);
    send.mutate({ text: trimmed, note: mode === 'note' }, { onSuccess: () => setValue('') });
  };

  const suggestions = (query?: string) =>
    (canned.data ?? [])
      .filter((reply) => !query || reply.shortcut.startsWith(query.toLowerCase()))
      .slice(0, 8)
      .map((reply) => ({ label: `/${reply.shortcut}  ${reply.text.slice(0, 60)}`, value: reply.id }));

  return (
    <Flex vertical gap={8} style={{ padding: 12, borderTop: '1px solid rgba(128,128,128,0.2)' }}>
      {blocked && (
        <Alert type="warning" showIcon title={t('composer.windowClosed')} description={t('composer.templatesLater')} />
      )}
      <Suggestion
        items={suggestions}
        onSelect={(id) => setValue(canned.data?.find((reply) => reply.id === id)?.text ?? value)}
      >
        {({ onTrigger, onKeyDown }) => (
          <Sender
            value={value}
            loading={send.isPending}
            disabled={blocked}
            placeholder={mode === 'note' ? t('composer.notePlaceholder') : t('composer.placeholder')}
            onChange={(next) => {
              setValue(next);
              onTrigger(next.startsWith('/') && !next.includes(' ') ? next.slice(1) : false);
              if (next) tellTyping(true);
            }}
            onKeyDown={onKeyDown}
            onSubmit={submit}
            autoSize={{ minRows: 1, maxRows: 6 }}
            styles={mode === 'note' ? { root: { background: 'rgba(250, 173, 20, 0.12)' } } : undefined}
            prefix={
              <Popover
                trigger="click"
                content={
                  <Flex wrap gap={4} style={{ maxWidth: 240 }}>
                    {EMOJI.map((emoji) => (
                      <Button key={emoji} type="text" size="small" onClick={() => setValue((text) => text + emoji)}>
                        {emoji}
                      </Button>
                    ))}
                  </Flex>
                }
              >
                <Button type="text" icon={<SmileOutlined />} aria-label={t('composer.emoji')} disabled={blocked} />
              </Popover>
            }
          />
        )}
      </Suggestion>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Segmented
          size="small"
          value={mode}
          onChange={(next) => setMode(next as 'reply' | 'note')}
          options={[
            { value: 'reply', label: t('composer.reply') },
            { value: 'note', label: t('composer.note') },
          ]}
        />
        <Tooltip title={t('composer.cannedHint')}>
          <Button size="small" type="text" icon={<ThunderboltOutlined aria-hidden />} onClick={onOpenCanned}>
            {t('composer.canned')}
          </Button>
        </Tooltip>
      </Flex>
    </Flex>
  );
}
