import { Alert, Button, Drawer, Flex, type FormInstance } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../app/http/index.ts';
import { setServerFields } from './form-errors.ts';

/**
 * A form's failure as a drawer shows it: `attempt(work)` runs a save, and on failure puts the server's field errors
 * under their fields and keeps its message for the drawer's alert.
 */
export function useFormFailure<V>(form: FormInstance<V>) {
  const [error, setError] = useState<string | null>(null);
  const attempt = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
    } catch (failure) {
      setServerFields(form, failure);
      setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  };
  const clear = useCallback(() => setError(null), []);
  return { error, clear, attempt };
}

/** A drawer holding one form: Cancel and the save button in its footer, the last failure above the fields. */
export function FormDrawer({
  open,
  onClose,
  title,
  width,
  saveLabel,
  saving,
  disabled,
  error,
  onSave,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** px, at most the screen's width */
  width: number;
  /** default "Save" */
  saveLabel?: string;
  saving: boolean;
  disabled?: boolean;
  error: string | null;
  onSave: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={`min(${width}px, 100vw)`}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} disabled={disabled} onClick={onSave}>
            {saveLabel ?? t('common.save')}
          </Button>
        </Flex>
      }
    >
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      {children}
    </Drawer>
  );
}
