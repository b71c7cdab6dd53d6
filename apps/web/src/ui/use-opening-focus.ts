import { theme } from 'antd';
import { useRef } from 'react';

/**
 * The field a dialog or drawer opens on. With motion (the field's `autoFocus`) it has the focus already; without
 * motion (a user who asked for less) antd's focus trap starts before the field can take the focus and gives it
 * to the close button, so the field takes it once the dialog is shown: pass `afterOpenChange` to the Modal or
 * Drawer and `field` as the input's ref.
 */
export function useOpeningFocus<T extends { focus: () => void }>() {
  const field = useRef<T>(null);
  const { token } = theme.useToken();
  const afterOpenChange = (open: boolean) => {
    if (open && !token.motion) field.current?.focus();
  };
  return { field, afterOpenChange };
}
