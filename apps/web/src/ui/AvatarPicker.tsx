import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import { useTranslation } from 'react-i18next';
import { type UploadControlProps, UploadFrame } from './UploadFrame.tsx';
import type { UploadedFile } from './upload-file.ts';
import { ensureDataUrl } from './upload-file.ts';

export type { UploadedFile } from './upload-file.ts';
export { ensureDataUrl, readFileAsDataUrl } from './upload-file.ts';

/** A stored avatar URL as the picker's value (none when empty). */
export const storedAvatar = (url: string): UploadedFile | undefined =>
  url ? { dataUrl: url, filename: 'avatar' } : undefined;

const IMAGES = ['image/*'] as const;

export interface AvatarPickerProps extends UploadControlProps {
  /** Diameter in pixels. */
  size?: number;
}

/** Round avatar picker (SPEC 2): an image with preview and a remove button. */
export function AvatarPicker({ size = 88, ...props }: AvatarPickerProps) {
  const { t } = useTranslation();
  return (
    <UploadFrame
      {...props}
      accept={IMAGES}
      typeError={t('upload.imageOnly')}
      idleHint={t('upload.clickToUpload')}
      triggerStyle={{ borderRadius: '50%', width: size, height: size }}
      renderPreview={(value, busy) => (
        <Avatar
          size={size}
          src={value ? ensureDataUrl(value.dataUrl) : undefined}
          alt={value?.filename}
          icon={busy ? <LoadingOutlined aria-hidden /> : <PlusOutlined aria-hidden />}
          style={{ border: '1px dashed rgba(128,128,128,.5)' }}
        />
      )}
    />
  );
}
