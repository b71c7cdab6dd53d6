import { CloseOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { LIMITS, translate } from '@omnichat/contracts';
import { Avatar, Button, Tooltip } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../app/preferences/preferences.tsx';

export const readFileAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

interface AvatarPickerProps {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  size?: number;
  'aria-invalid'?: boolean;
}

/** Round avatar picker: a base64 image data URL, with preview and a remove button (SPEC 2). */
export function AvatarPicker({ id, value, onChange, size = 88 }: AvatarPickerProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) return setError(t('organization.imageOnly'));
    if (file.size > LIMITS.uploadMaxBytes) return setError(translate('file_size_exceeds', locale, { size: '20MB' }));
    setBusy(true);
    try {
      onChange?.(await readFileAsDataUrl(file));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: 4 }}>
      <div style={{ position: 'relative', width: size, height: size }}>
        <Tooltip title={busy ? t('organization.processing') : t('organization.clickToUpload')}>
          <button
            type="button"
            onClick={() => input.current?.click()}
            aria-label={t('organization.clickToUpload')}
            style={{ border: 0, padding: 0, background: 'transparent', cursor: 'pointer', borderRadius: '50%' }}
          >
            <Avatar
              size={size}
              src={value || undefined}
              icon={busy ? <LoadingOutlined /> : <PlusOutlined />}
              style={{ border: '1px dashed rgba(128,128,128,.5)' }}
            />
          </button>
        </Tooltip>
        {value && (
          <Button
            size="small"
            shape="circle"
            danger
            aria-label={t('organization.removeAvatar')}
            icon={<CloseOutlined />}
            onClick={() => onChange?.(undefined)}
            style={{ position: 'absolute', top: 0, right: 0 }}
          />
        )}
      </div>
      <input id={id} ref={input} type="file" accept="image/*" style={{ display: 'none' }} onChange={onFile} />
      {error && (
        <span role="alert" style={{ color: '#ff4d4f', fontSize: 12 }}>
          {error}
        </span>
      )}
    </div>
  );
}
