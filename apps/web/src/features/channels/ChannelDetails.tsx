import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { Channel } from '@omnichat/contracts';
import { Button, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNELS_NS } from './i18n/index.ts';

export const PREVIEW_SCRIPT_ID = 'omnichat-widget-preview';

/** What the widget script leaves on the page once it ran. */
type WidgetWindow = Window & { OmnichatWidget?: { destroy?: () => void } };

export const embedSnippet = (widgetKey: string) =>
  `<script async src="${window.location.origin}/widget.js" data-key="${widgetKey}"></script>`;

function Copyable({ label, value }: { label: string; value: string }) {
  return (
    <Flex vertical gap={2}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
        {value}
      </Typography.Text>
    </Flex>
  );
}

/** Loads the widget on this page with the channel's key while on; takes it away again when off or gone. */
function useWidgetPreview(widgetKey: string, on: boolean) {
  useEffect(() => {
    if (!on) return;
    if (!document.getElementById(PREVIEW_SCRIPT_ID)) {
      const script = document.createElement('script');
      script.id = PREVIEW_SCRIPT_ID;
      script.src = '/widget.js';
      script.dataset.key = widgetKey;
      document.body.append(script);
    }
    return () => {
      document.getElementById(PREVIEW_SCRIPT_ID)?.remove();
      (window as WidgetWindow).OmnichatWidget?.destroy?.();
    };
  }, [widgetKey, on]);
}

function WidgetDetails({ widgetKey, origins }: { widgetKey: string; origins: string[] }) {
  const { t } = useTranslation(CHANNELS_NS);
  const [previewing, setPreviewing] = useState(false);
  useWidgetPreview(widgetKey, previewing);
  return (
    <Flex vertical gap={8}>
      <Flex vertical gap={2}>
        <Typography.Text type="secondary">{t('origins.label')}</Typography.Text>
        <Typography.Text>{origins.length > 0 ? origins.join(', ') : t('origins.any')}</Typography.Text>
      </Flex>
      <Typography.Text type="secondary">{t('widget.snippet')}</Typography.Text>
      <Typography.Paragraph code copyable style={{ margin: 0, wordBreak: 'break-all' }}>
        {embedSnippet(widgetKey)}
      </Typography.Paragraph>
      <Typography.Text type="secondary">{t('widget.howTo')}</Typography.Text>
      <div>
        <Button
          icon={previewing ? <EyeInvisibleOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
          type={previewing ? 'primary' : 'default'}
          aria-pressed={previewing}
          onClick={() => setPreviewing((on) => !on)}
        >
          {previewing ? t('widget.stopPreview') : t('widget.preview')}
        </Button>
      </div>
    </Flex>
  );
}

/** Where the channel is set up on the other side: Meta's webhook settings, or the organization's web pages. */
export function ChannelDetails({ channel }: { channel: Channel }) {
  const { t } = useTranslation(CHANNELS_NS);
  if (channel.type === 'webchat')
    return channel.widget_key ? (
      <WidgetDetails widgetKey={channel.widget_key} origins={channel.allowed_origins} />
    ) : null;
  return (
    <Flex vertical gap={8}>
      <Copyable label={t('webhook.url')} value={channel.webhook_url} />
      {channel.verify_token && <Copyable label={t('webhook.verifyToken')} value={channel.verify_token} />}
      <Typography.Text type="secondary">
        {channel.type === 'whatsapp' ? t('webhook.howTo') : t('webhook.howToPage')}
      </Typography.Text>
    </Flex>
  );
}
