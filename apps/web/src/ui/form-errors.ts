import type { FormInstance } from 'antd';
import { ApiError } from '../app/http/index.ts';

/** Shows a 400's per-field messages (`fields` of the error envelope) under the form's fields. */
export function setServerFields<T>(form: FormInstance<T>, error: unknown) {
  if (error instanceof ApiError && error.fields) {
    form.setFields(Object.entries(error.fields).map(([name, message]) => ({ name: name as never, errors: [message] })));
  }
}
