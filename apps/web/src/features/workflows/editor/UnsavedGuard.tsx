import { Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving the builder with changes not saved: a link in the app opens a dialog (leave or stay), a
 * reload or a closed tab the browser's own question. `isDirty` is read when a navigation starts, which may come
 * before the next render (the navigation right after a save).
 */
export function UnsavedGuard({ isDirty }: { isDirty: () => boolean }) {
  const { t } = useTranslation();
  const dirty = isDirty();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('workflows.editor.unsavedTitle')}
      okText={t('workflows.editor.leave')}
      okButtonProps={{ danger: true }}
      cancelText={t('workflows.editor.stay')}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {t('workflows.editor.unsavedMessage')}
    </Modal>
  );
}
