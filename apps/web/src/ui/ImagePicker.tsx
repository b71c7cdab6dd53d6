import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BoxPicker, type BoxPickerProps } from './BoxPicker.tsx';
import { ensureDataUrl } from './upload-file.ts';

const IMAGES = ['image/*'] as const;

export type ImagePickerProps = BoxPickerProps;

/** Wide rectangular image picker (SPEC 2), e.g. for logos and banners. */
export function ImagePicker({ height = 140, ...props }: ImagePickerProps) {
  const { t } = useTranslation();
  return (
    <BoxPicker
      {...props}
      height={height}
      accept={IMAGES}
      typeError={t('upload.imageOnly')}
      idleHint={t('upload.clickToUpload')}
      icon={<PictureOutlined aria-hidden />}
      media={(value) => (
        <img
          src={ensureDataUrl(value.dataUrl)}
          alt={value.filename}
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
        />
      )}
    />
  );
}
