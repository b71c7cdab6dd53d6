import {
  CheckOutlined,
  ClockCircleOutlined,
  ExclamationCircleOutlined,
  FileOutlined,
  LockOutlined,
} from '@ant-design/icons';
import { Bubble } from '@ant-design/x';
import { isInlineMediaType, type Message } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex, Image, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../app/http/index.ts';
import { CHAT_NS } from './i18n/index.ts';

/** A received file is served to signed-in members only: fetched with the token, shown from a blob URL. */
function MediaPreview({ message }: { message: Message }) {
  const { t } = useTranslation(CHAT_NS);
  const file = useQuery({
    queryKey: ['message-media', message.id],
    queryFn: () => http.download(message.media_url!),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useMemo(() => (file.data ? URL.createObjectURL(file.data) : null), [file.data]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  if (!url) return <Typography.Text type="secondary">{t('message.loadingMedia')}</Typography.Text>;
  const type = message.media_type ?? '';
  // an SVG or another non-raster image is served as a download (it could carry script), so it is offered as one
  if (type.startsWith('image/') && isInlineMediaType(type))
    return <Image src={url} alt={message.text ?? t('message.image')} width={220} />;
  // a customer's recordings come as they are, without captions
  // biome-ignore lint/a11y/useMediaCaption: no captions exist for them
  if (type.startsWith('video/')) return <video src={url} controls style={{ maxWidth: 260 }} />;
  // biome-ignore lint/a11y/useMediaCaption: no captions exist for them
  if (type.startsWith('audio/')) return <audio src={url} controls />;
  return (
    <a href={url} download>
      <FileOutlined aria-hidden /> {t('message.download')}
    </a>
  );
}

/** Where an outbound message stands: waiting, sent (one tick), delivered (two), read (two, blue), failed. */
function DeliveryState({ message }: { message: Message }) {
  const { t } = useTranslation(CHAT_NS);
  const label = t(`status.${message.status}`);
  switch (message.status) {
    case 'wait_to_send':
      return <ClockCircleOutlined aria-label={label} />;
    case 'sent':
      return <CheckOutlined aria-label={label} />;
    case 'delivered':
    case 'read':
      return (
        <span role="img" aria-label={label} style={{ color: message.status === 'read' ? '#1677ff' : undefined }}>
          <CheckOutlined aria-hidden />
          <CheckOutlined aria-hidden style={{ marginLeft: -8 }} />
        </span>
      );
    case 'failed':
      return (
        <Tooltip title={[message.error_title, message.error_code].filter(Boolean).join(' · ')}>
          <Typography.Text type="danger" aria-label={label}>
            <ExclamationCircleOutlined aria-hidden /> {label}
            {message.error_title ? `: ${message.error_title}` : ''}
          </Typography.Text>
        </Tooltip>
      );
    default:
      return null;
  }
}

/**
 * One message of the thread: the customer's on the left, the agents' on the right, private notes marked; an AI
 * agent's answer carries its name (the channel's agent, `aiAgentName`) and the knowledge articles it drew on.
 */
export function MessageBubble({ message, aiAgentName }: { message: Message; aiAgentName?: string | null }) {
  const { t } = useTranslation(CHAT_NS);
  const note = message.type === 'note';
  const outbound = message.direction === 'outbound';
  const ai = message.sender_type === 'ai_agent';
  const body = (
    <Flex vertical gap={6}>
      {ai && (
        <Tag color="purple" variant="filled" style={{ alignSelf: 'flex-start', marginInlineEnd: 0 }}>
          {aiAgentName ? t('message.aiAgentNamed', { name: aiAgentName }) : t('message.aiAgent')}
        </Tag>
      )}
      {note && (
        <Typography.Text type="warning" style={{ fontSize: 12 }}>
          <LockOutlined aria-hidden /> {t('message.note')}
        </Typography.Text>
      )}
      {message.media_url && <MediaPreview message={message} />}
      {message.text ? (
        <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{message.text}</span>
      ) : (
        !message.media_url && (
          <Typography.Text type="secondary">{t('message.unsupported', { type: message.type })}</Typography.Text>
        )
      )}
      {ai && !!message.sources?.length && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('message.sources', { titles: message.sources.map((source) => source.title).join(', ') })}
        </Typography.Text>
      )}
    </Flex>
  );
  return (
    <Bubble
      placement={outbound ? 'end' : 'start'}
      variant={outbound ? 'filled' : 'outlined'}
      content={message.text ?? ''}
      contentRender={() => body}
      styles={{ content: note ? { background: 'rgba(250, 173, 20, 0.15)' } : undefined }}
      footer={
        <Flex gap={6} align="center" style={{ fontSize: 12, opacity: 0.75 }}>
          <time dateTime={new Date(message.created_at * 1000).toISOString()}>
            {dayjs.unix(message.created_at).format('HH:mm')}
          </time>
          {outbound && !note && <DeliveryState message={message} />}
        </Flex>
      }
      data-message-id={message.id}
    />
  );
}
