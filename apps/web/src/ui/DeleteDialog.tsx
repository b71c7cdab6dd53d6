import { ExclamationCircleFilled } from '@ant-design/icons';
import { resolveLocale, translate } from '@omnichat/contracts';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../app/toast/toast-store.ts';

export interface DeleteDialogProps {
  open: boolean;
  /** Called to close: Escape, a backdrop click, Cancel, or after a successful delete. */
  onClose: () => void;
  /** The delete itself; the dialog shows a busy state until it settles and stays open when it rejects. */
  onConfirm: () => Promise<unknown> | unknown;
  title?: ReactNode;
  message?: ReactNode;
  confirmText?: ReactNode;
  /** Success toast text; 'Delete successfully' by default, false for none. */
  successMessage?: string | false;
}

/** Confirmation dialog for destructive actions (SPEC 2, 4). */
export function DeleteDialog({
  open,
  onClose,
  onConfirm,
  title,
  message,
  confirmText,
  successMessage,
}: DeleteDialogProps) {
  const { t, i18n } = useTranslation();
  const locale = resolveLocale(i18n.resolvedLanguage ?? i18n.language);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  const cancel = () => {
    if (!busy) onClose();
  };

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setError(
        failure instanceof Error && failure.message ? failure.message : translate('unknown_error_occurred', locale),
      );
      return;
    } finally {
      setBusy(false);
    }
    if (successMessage !== false) toast.success(successMessage ?? translate('delete_success', locale));
    onClose();
  };

  return (
    <Modal
      open={open}
      onCancel={cancel}
      keyboard={!busy}
      mask={{ closable: !busy }}
      closable={!busy}
      title={
        <Flex gap={8} align="center">
          <ExclamationCircleFilled style={{ color: '#faad14' }} />
          {title ?? t('deleteDialog.title')}
        </Flex>
      }
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={cancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="primary" danger loading={busy} onClick={confirm}>
            {confirmText ?? t('deleteDialog.confirm')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12} aria-busy={busy}>
        <Typography.Paragraph style={{ margin: 0 }}>{message ?? t('deleteDialog.message')}</Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} role="alert" />}
      </Flex>
    </Modal>
  );
}
