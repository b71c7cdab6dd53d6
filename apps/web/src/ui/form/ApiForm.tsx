import { type MessageKey, translate } from '@omnichat/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, type ButtonProps, Form, type FormInstance, type FormProps } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { toast } from '../../app/toast/toast-store.ts';
import { setServerFields } from '../form-errors.ts';

const Busy = createContext(false);

interface ApiFormProps<V, R> extends Omit<FormProps<V>, 'form' | 'onFinish' | 'onFinishFailed' | 'children'> {
  form: FormInstance<V>;
  /** also the prefix of the console warning about invalid fields */
  name: string;
  /** sends the checked values (usually a mutation hook's `mutateAsync`) */
  submit: (values: V) => Promise<R>;
  /** after success, e.g. close the dialog or reset the form */
  onDone?: (result: R, values: V) => unknown;
  /** the success toast: a catalogue message (SPEC 5, default "Save successfully"), or none */
  success?: MessageKey | false;
  /** after a failure, once the server's field errors are under their fields */
  onFailed?: (error: Error) => void;
  children: ReactNode;
}

/**
 * The one form pattern: fields checked by the contracts' zod rules before sending (see `useRules`), the form
 * disabled while it sends, the server's field errors shown under their fields (other errors toast from the HTTP
 * client), and a success message.
 */
export function ApiForm<V, R = unknown>({
  form,
  name,
  submit,
  onDone,
  success = 'save_success',
  onFailed,
  disabled,
  children,
  ...props
}: ApiFormProps<V, R>) {
  const { locale } = usePreferences();
  const send = useMutation({
    mutationFn: submit,
    onSuccess: async (result, values) => {
      if (success) toast.success(translate(success, locale));
      await onDone?.(result, values);
    },
    onError: (error) => {
      setServerFields(form, error);
      onFailed?.(error);
    },
  });
  return (
    <Busy.Provider value={send.isPending}>
      <Form<V>
        form={form}
        name={name}
        layout="vertical"
        noValidate
        disabled={disabled || send.isPending}
        onFinish={(values) => send.mutate(values)}
        onFinishFailed={({ errorFields }) => console.warn(`${name}: invalid fields`, errorFields)}
        {...props}
      >
        {children}
      </Form>
    </Busy.Provider>
  );
}

/** The submit button of an `ApiForm`: spins while the form sends. */
export function SubmitButton({ children, ...props }: Omit<ButtonProps, 'htmlType' | 'loading'>) {
  const busy = useContext(Busy);
  return (
    <Button type="primary" {...props} htmlType="submit" loading={busy}>
      {children}
    </Button>
  );
}
