import { PaperClipOutlined, SmileOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Sender, Suggestion } from '@ant-design/x';
import { ATTACHMENT_MEDIA_TYPES, type ConversationDetail, TYPING_ACTION } from '@omnichat/contracts';
import { Alert, Button, Flex, Popover, Segmented, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGeneralSocket } from '../../app/socket/index.ts';
import { mediaTypeOf, uploadAttachment, useCannedReplies, useSendMessage } from './chat-api.ts';
import { CHAT_NS } from './i18n/index.ts';
import { replyWindow } from './reply-window.ts';
import { TemplateDialog } from './TemplateDialog.tsx';

const EMOJI = '😀 😂 😊 😍 🙏 👍 👌 👋 🙌 👏 🎉 ❤️ 💯 🔥 ✅ ❌ ⭐ 🤔 😅 😢 😮 😎 🙂 😉 📦 🚚 💳 📞 📅 ⏰'.split(' ');
/** While the agent types, the others hear it this often (and once more when they stop). */
const TYPING_EVERY_MS = 3_000;

/**
 * Reply or private note. "/" and a shortcut inserts a canned reply; the emoji button adds an emoji; the clip
 * sends a file with the typed text as its caption. Outside the customer's reply window only a WhatsApp template
 * may be sent: the composer says so, offers the template form, and keeps notes possible.
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
  const { request, state } = useGeneralSocket();
  const lastSignal = useRef(0);
  const reply = replyWindow(conversation);
  const blocked = mode === 'reply' && !reply.open;
  const [templating, setTemplating] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  /** Uploads the chosen file and sends it, the typed text as its caption. */
  const attach = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const uploaded = await uploadAttachment(conversation.id, file);
      const type = mediaTypeOf(file);
      const caption = value.trim();
      send.mutate(
        { body: { type, attachment_id: uploaded.attachment_id, ...(caption && type !== 'audio' && { caption }) } },
        { onSuccess: () => setValue('') },
      );
    } catch {
      // the client has shown the server's reason
    } finally {
      setUploading(false);
      if (picker.current) picker.current.value = '';
    }
  };

  const tellTyping = (typing: boolean) => {
    if (state !== 'connected') return;
    if (typing && Date.now() - lastSignal.current < TYPING_EVERY_MS) return;
    lastSignal.current = typing ? Date.now() : 0;
    // a reply matched by its request id, never taken for someone else's typing; a closed socket is no matter:
    // typing is only a hint
    request(TYPING_ACTION, { conversation_id: conversation.id, typing }).catch(() => undefined);
  };
  // leaving the conversation while typing (the page mounts a new composer for each conversation)
  // biome-ignore lint/correctness/useExhaustiveDependencies: on leaving only
  useEffect(() => () => void (lastSignal.current && tellTyping(false)), []);

  const submit = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || blocked) return;
    tellTyping(false);
    send.mutate(mode === 'note' ? { note: true, text: trimmed } : { body: { type: 'text', text: trimmed } }, {
      onSuccess: () => setValue(''),
    });
  };

  const suggestions = (query?: string) =>
    (canned.data ?? [])
      .filter((reply) => !query || reply.shortcut.startsWith(query.toLowerCase()))
      .slice(0, 8)
      .map((reply) => ({ label: `/${reply.shortcut}  ${reply.text.slice(0, 60)}`, value: reply.id }));

  return (
    <Flex vertical gap={8} style={{ padding: 12, borderTop: '1px solid rgba(128,128,128,0.2)' }}>
      {blocked &&
        (conversation.channel_type === 'whatsapp' ? (
          <Alert
            type="warning"
            showIcon
            title={t('composer.windowClosed')}
            action={
              <Button size="small" onClick={() => setTemplating(true)}>
                {t('composer.sendTemplate')}
              </Button>
            }
          />
        ) : (
          <Alert type="warning" showIcon title={t('composer.messagingWindowClosed')} />
        ))}
      {mode === 'reply' && reply.tagged && (
        <Alert
          type="info"
          showIcon
          title={t('composer.humanAgent', { time: dayjs.unix(reply.until!).format('D MMM HH:mm') })}
        />
      )}
      <Suggestion
        items={suggestions}
        onSelect={(id) => setValue(canned.data?.find((reply) => reply.id === id)?.text ?? value)}
      >
        {({ onTrigger, onKeyDown }) => (
          <Sender
            value={value}
            loading={send.isPending || uploading}
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
              <Flex>
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
                {mode === 'reply' && (
                  <Button
                    type="text"
                    icon={<PaperClipOutlined />}
                    aria-label={t('composer.attach')}
                    disabled={blocked || uploading}
                    onClick={() => picker.current?.click()}
                  />
                )}
              </Flex>
            }
          />
        )}
      </Suggestion>
      <input
        ref={picker}
        type="file"
        hidden
        accept={ATTACHMENT_MEDIA_TYPES.join(',')}
        aria-label={t('composer.attach')}
        onChange={(event) => void attach(event.target.files?.[0])}
      />
      <TemplateDialog
        workspaceId={workspaceId}
        conversationId={conversation.id}
        channelId={conversation.channel_id}
        customerId={conversation.customer.id}
        open={templating}
        onClose={() => setTemplating(false)}
      />
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
