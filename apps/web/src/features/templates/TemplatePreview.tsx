import { FileOutlined, LinkOutlined, PhoneOutlined, PictureOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { TemplateHeaderType } from '@omnichat/contracts';
import { Flex } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';

export interface PreviewButton {
  type: string;
  text?: string;
}

export interface TemplatePreviewProps {
  header?: { type?: TemplateHeaderType; text?: string; fileName?: string };
  body?: string;
  footer?: string | null;
  /** example (or chosen) values by placeholder key: `{"1": "Ann"}` */
  values?: Record<string, string | undefined>;
  buttons?: PreviewButton[];
}

/** `{{n}}` replaced by its value where there is one; left as it is otherwise. */
export const fillPlaceholders = (text: string, values: Record<string, string | undefined> = {}) =>
  text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, key: string) => values[key]?.trim() || whole);

const PALETTES = {
  light: { wall: '#efeae2', bubble: '#ffffff', text: '#111b21', muted: '#667781', link: '#027eb5', media: '#d1d7db' },
  dark: { wall: '#0b141a', bubble: '#202c33', text: '#e9edef', muted: '#8696a0', link: '#53bdeb', media: '#374248' },
};

const MEDIA_ICONS: Partial<Record<TemplateHeaderType, ReactNode>> = {
  image: <PictureOutlined />,
  video: <VideoCameraOutlined />,
  document: <FileOutlined />,
};

/** A template as WhatsApp shows it: a bubble on the chat wallpaper, the buttons under it; light and dark. */
export function TemplatePreview({ header, body = '', footer, values, buttons = [] }: TemplatePreviewProps) {
  const { t } = useTranslation();
  const { theme } = usePreferences();
  const colors = PALETTES[theme];
  const bubble: CSSProperties = {
    background: colors.bubble,
    color: colors.text,
    borderRadius: 8,
    boxShadow: '0 1px 0.5px rgba(11,20,26,.13)',
  };
  const type = header?.type ?? 'none';
  return (
    <section
      aria-label={t('templates.preview')}
      data-testid="template-preview"
      style={{ background: colors.wall, padding: 16, borderRadius: 8, minHeight: 160 }}
    >
      <div style={{ maxWidth: 320 }}>
        <div style={{ ...bubble, padding: 6, borderTopLeftRadius: 0 }}>
          {type === 'text' && header?.text && (
            <div style={{ fontWeight: 700, padding: '2px 4px 4px', wordBreak: 'break-word' }}>
              {fillPlaceholders(header.text, values)}
            </div>
          )}
          {MEDIA_ICONS[type] && (
            <Flex
              vertical
              align="center"
              justify="center"
              gap={4}
              style={{ background: colors.media, color: colors.muted, borderRadius: 6, height: 120, fontSize: 32 }}
            >
              {MEDIA_ICONS[type]}
              <span style={{ fontSize: 12 }}>{header?.fileName ?? t(`templates.headerType.${type}`)}</span>
            </Flex>
          )}
          <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', padding: '4px 4px 0' }}>
            {fillPlaceholders(body, values) || (
              <span style={{ color: colors.muted }}>{t('templates.previewEmpty')}</span>
            )}
          </div>
          {footer && <div style={{ color: colors.muted, fontSize: 13, padding: '4px 4px 0' }}>{footer}</div>}
          <div style={{ color: colors.muted, fontSize: 11, textAlign: 'right', padding: '0 4px' }}>12:00</div>
        </div>
        {buttons
          .filter((button) => button?.text)
          .map((button, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: the buttons have no id and keep their order
              key={index}
              style={{ ...bubble, marginTop: 2, padding: 8, textAlign: 'center', color: colors.link, fontWeight: 500 }}
            >
              {button.type === 'URL' && <LinkOutlined style={{ marginRight: 6 }} />}
              {button.type === 'PHONE_NUMBER' && <PhoneOutlined style={{ marginRight: 6 }} />}
              {button.text}
            </div>
          ))}
      </div>
    </section>
  );
}
