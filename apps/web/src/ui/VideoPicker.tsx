import { LoadingOutlined, VideoCameraAddOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { type UploadControlProps, UploadFrame } from './UploadFrame.tsx';

const VIDEOS = ['video/*'] as const;

export interface VideoPickerProps extends UploadControlProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
}

/** Video picker (SPEC 2): a muted preview of the chosen video and a remove button. */
export function VideoPicker({ width = '100%', height = 180, ...props }: VideoPickerProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <UploadFrame
      {...props}
      block
      accept={VIDEOS}
      typeError={t('upload.videoOnly')}
      idleHint={t('upload.clickToUploadVideo')}
      triggerStyle={{
        width,
        height,
        maxWidth: '100%',
        overflow: 'hidden',
        borderRadius: token.borderRadiusLG,
        border: `1px dashed ${token.colorBorder}`,
        background: token.colorFillQuaternary,
      }}
      renderPreview={(value, busy) =>
        value ? (
          <video
            src={value.dataUrl}
            aria-label={value.filename}
            muted
            playsInline
            preload="metadata"
            style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain', background: '#000' }}
          />
        ) : (
          <span style={{ fontSize: 28, color: token.colorTextTertiary }}>
            {busy ? <LoadingOutlined aria-hidden /> : <VideoCameraAddOutlined aria-hidden />}
          </span>
        )
      }
    />
  );
}
