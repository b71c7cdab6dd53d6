import { Button, type ButtonProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';

interface ConfirmActionProps {
  /** The button's text; `ariaLabel` names it for assistive technology (e.g. with the row's name). */
  children: ReactNode;
  ariaLabel: string;
  title: ReactNode;
  message: ReactNode;
  confirmText: ReactNode;
  /** Toast after success; false for none. */
  successMessage: string | false;
  onConfirm: () => Promise<unknown>;
  buttonProps?: ButtonProps;
}

/** A row action that asks first (activate / deactivate / send reset), using the shared confirmation dialog. */
export function ConfirmAction(props: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" aria-label={props.ariaLabel} {...props.buttonProps} onClick={() => setOpen(true)}>
        {props.children}
      </Button>
      <DeleteDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={props.onConfirm}
        title={props.title}
        message={props.message}
        confirmText={props.confirmText}
        successMessage={props.successMessage}
      />
    </>
  );
}

/** Activate or deactivate an account after a confirmation; `onDone` refreshes the list. */
export function StatusAction({
  name,
  active,
  onSet,
  successMessage,
}: {
  name: string;
  active: boolean;
  onSet: (active: boolean) => Promise<unknown>;
  successMessage: string;
}) {
  const { t } = useTranslation();
  const next = !active;
  return (
    <ConfirmAction
      ariaLabel={t(next ? 'adminPages.common.activateNamed' : 'adminPages.common.deactivateNamed', { name })}
      title={t(next ? 'adminPages.common.confirmActivateTitle' : 'adminPages.common.confirmDeactivateTitle', { name })}
      message={t(next ? 'adminPages.common.confirmActivateText' : 'adminPages.common.confirmDeactivateText', { name })}
      confirmText={t(next ? 'adminPages.common.activate' : 'adminPages.common.deactivate')}
      successMessage={successMessage}
      onConfirm={() => onSet(next)}
      buttonProps={{ danger: !next }}
    >
      {t(next ? 'adminPages.common.activate' : 'adminPages.common.deactivate')}
    </ConfirmAction>
  );
}
