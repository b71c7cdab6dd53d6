import { LoadingOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { type UploadControlProps, UploadFrame } from './UploadFrame.tsx';
import type { UploadedFile } from './upload-file.ts';

export interface BoxPickerProps extends UploadControlProps {
  /** Box width; the default fills the row. */
  width?: CSSProperties['width'];
  /** Box height in pixels or any CSS length. */
  height?: CSSProperties['height'];
}

/** A wide dashed box showing the chosen media, or an icon until something is chosen (image and video pickers). */
export function BoxPicker({
  width = '100%',
  height,
  accept,
  typeError,
  idleHint,
  icon,
  media,
  ...props
}: BoxPickerProps & {
  accept: readonly string[];
  typeError: string;
  idleHint: string;
  icon: ReactNode;
  media: (value: UploadedFile) => ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <UploadFrame
      {...props}
      block
      accept={accept}
      typeError={typeError}
      idleHint={idleHint}
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
          media(value)
        ) : (
          <span style={{ fontSize: 28, color: token.colorTextTertiary }}>
            {busy ? <LoadingOutlined aria-hidden /> : icon}
          </span>
        )
      }
    />
  );
}
