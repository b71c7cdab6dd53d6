import { LoadingOutlined, PictureOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { type UploadControlProps, UploadFrame } from './UploadFrame.tsx';
import { ensureDataUrl } from './upload-file.ts';

const IMAGES = ['image/*'] as const;

export interface ImagePickerProps extends UploadControlProps {
  /** Box width; the default fills the row. */
  width?: CSSProperties['width'];
  /** Box height in pixels or any CSS length. */
  height?: CSSProperties['height'];
}

/** Wide rectangular image picker (SPEC 2), e.g. for logos and banners. */
export function ImagePicker({ width = '100%', height = 140, ...props }: ImagePickerProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <UploadFrame
      {...props}
      block
      accept={IMAGES}
      typeError={t('upload.imageOnly')}
      idleHint={t('upload.clickToUpload')}
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
          <img
            src={ensureDataUrl(value.dataUrl)}
            alt={value.filename}
            style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
          />
        ) : (
          <span style={{ fontSize: 28, color: token.colorTextTertiary }}>
            {busy ? <LoadingOutlined aria-hidden /> : <PictureOutlined aria-hidden />}
          </span>
        )
      }
    />
  );
}
