import { CloseOutlined } from '@ant-design/icons';
import { resolveLocale } from '@omnichat/contracts';
import { Button, Tooltip, theme } from 'antd';
import { type ChangeEvent, type CSSProperties, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptsFile, readFileAsDataUrl, sizeError, type UploadedFile } from './upload-file.ts';

/** Props every upload control takes; antd Form.Item fills id, value, onChange and the aria-* ones. */
export interface UploadControlProps {
  id?: string;
  value?: UploadedFile | null;
  onChange?: (value: UploadedFile | undefined) => void;
  /** Largest accepted file in bytes; the 20MB upload limit applies in any case (SPEC 5, 9). */
  maxSize?: number;
  /** The caller is sending the file: shows the 'uploading' tooltip and blocks a new pick. */
  uploading?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'aria-required'?: boolean | 'true' | 'false';
}

export interface UploadFrameProps extends UploadControlProps {
  /** Entries of the input's accept attribute; empty accepts any file. */
  accept: readonly string[];
  /** Message for a file whose type is not in `accept`. */
  typeError: string;
  /** Tooltip when idle: 'click to upload' or 'click to upload video'. */
  idleHint: string;
  /** What the trigger shows: a preview of the value, or an empty-state placeholder. */
  renderPreview: (value: UploadedFile | undefined, busy: boolean) => ReactNode;
  /** Where the remove button sits: over the top-right corner, or after the trigger. */
  removePlacement?: 'corner' | 'inline';
  triggerStyle?: CSSProperties;
  block?: boolean;
}

const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * The shared shell of the upload controls (SPEC 2, 5): a keyboard-reachable trigger button that opens
 * the file dialog, a tooltip naming the state, a remove button, size and type checks, and the error line.
 */
export function UploadFrame({
  id,
  value,
  onChange,
  maxSize,
  uploading = false,
  disabled = false,
  accept,
  typeError,
  idleHint,
  renderPreview,
  removePlacement = 'corner',
  triggerStyle,
  block = false,
  ...aria
}: UploadFrameProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const input = useRef<HTMLInputElement>(null);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = processing || uploading;
  const current = value ?? undefined;
  const hint = processing ? t('upload.processing') : uploading ? t('upload.uploading') : idleHint;

  const open = () => {
    if (!disabled && !busy) input.current?.click();
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const locale = resolveLocale(i18n.resolvedLanguage ?? i18n.language);
    const problem = acceptsFile(file, accept) ? sizeError(file, locale, maxSize) : typeError;
    setError(problem);
    if (problem) return;
    setProcessing(true);
    try {
      onChange?.({ dataUrl: await readFileAsDataUrl(file), filename: file.name });
    } catch (failure) {
      console.warn('upload: the file could not be read', failure);
      setError(t('upload.readFailed'));
    } finally {
      setProcessing(false);
    }
  };

  const remove = () => {
    setError(null);
    onChange?.(undefined);
  };

  const removeButton = current && !disabled && (
    <Button
      size="small"
      shape="circle"
      danger
      aria-label={t('upload.remove', { name: current.filename })}
      icon={<CloseOutlined />}
      onClick={remove}
      disabled={busy}
      style={removePlacement === 'corner' ? { position: 'absolute', top: 0, right: 0 } : { flex: 'none' }}
    />
  );

  return (
    <div
      style={{
        display: block ? 'flex' : 'inline-flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        gap: 4,
        maxWidth: '100%',
      }}
    >
      <div style={{ position: 'relative', display: 'flex', alignItems: 'center', gap: 8 }}>
        <Tooltip title={hint}>
          <button
            id={id}
            type="button"
            onClick={open}
            disabled={disabled}
            aria-busy={busy}
            aria-disabled={busy || undefined}
            {...aria}
            style={{
              padding: 0,
              border: 0,
              background: 'transparent',
              color: 'inherit',
              font: 'inherit',
              cursor: disabled ? 'not-allowed' : busy ? 'progress' : 'pointer',
              opacity: disabled ? 0.6 : 1,
              ...triggerStyle,
            }}
          >
            {renderPreview(current, busy)}
            <span style={visuallyHidden}>{hint}</span>
          </button>
        </Tooltip>
        {removeButton}
      </div>
      <input
        ref={input}
        type="file"
        accept={accept.length ? accept.join(',') : undefined}
        tabIndex={-1}
        aria-hidden
        style={{ display: 'none' }}
        onChange={onFile}
        data-testid="upload-input"
      />
      {error && (
        <span role="alert" style={{ color: token.colorErrorText, fontSize: 12 }}>
          {error}
        </span>
      )}
    </div>
  );
}
