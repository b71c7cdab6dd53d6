import { VideoCameraAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BoxPicker, type BoxPickerProps } from './BoxPicker.tsx';

const VIDEOS = ['video/*'] as const;

export type VideoPickerProps = BoxPickerProps;

/** Video picker (SPEC 2): a muted preview of the chosen video and a remove button. */
export function VideoPicker({ height = 180, ...props }: VideoPickerProps) {
  const { t } = useTranslation();
  return (
    <BoxPicker
      {...props}
      height={height}
      accept={VIDEOS}
      typeError={t('upload.videoOnly')}
      idleHint={t('upload.clickToUploadVideo')}
      icon={<VideoCameraAddOutlined aria-hidden />}
      media={(value) => (
        <video
          src={value.dataUrl}
          aria-label={value.filename}
          muted
          playsInline
          preload="metadata"
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain', background: '#000' }}
        />
      )}
    />
  );
}
