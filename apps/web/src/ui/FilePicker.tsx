import { LoadingOutlined, PaperClipOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { type UploadControlProps, UploadFrame } from './UploadFrame.tsx';

const ANY: readonly string[] = [];

export interface FilePickerProps extends UploadControlProps {
  /** Accepted types: extensions ('.csv') or MIME types ('application/pdf', 'image/*'); empty or absent accepts any. */
  accept?: readonly string[];
}

/** Generic file picker (SPEC 2, 5): shows the chosen file's name, with a remove button. */
export function FilePicker({ accept = ANY, ...props }: FilePickerProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <UploadFrame
      {...props}
      block
      accept={accept}
      typeError={t('upload.typeNotAllowed', { types: accept.join(', ') })}
      idleHint={t('upload.clickToUpload')}
      removePlacement="inline"
      triggerStyle={{
        flex: 1,
        minWidth: 0,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: `${token.paddingXS}px ${token.paddingSM}px`,
        borderRadius: token.borderRadius,
        border: `1px dashed ${token.colorBorder}`,
        background: token.colorFillQuaternary,
        textAlign: 'start',
      }}
      renderPreview={(value, busy) => (
        <>
          <span style={{ color: token.colorTextTertiary }}>
            {busy ? <LoadingOutlined aria-hidden /> : <PaperClipOutlined aria-hidden />}
          </span>
          <span
            aria-hidden={!value || undefined}
            style={{
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              color: value ? token.colorText : token.colorTextTertiary,
            }}
          >
            {value ? value.filename : t('upload.clickToUpload')}
          </span>
        </>
      )}
    />
  );
}
