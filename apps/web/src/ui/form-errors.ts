import type { FormInstance } from 'antd';
import { ApiError } from '../app/http/index.ts';

/**
 * Shows a 400's per-field messages (`fields` of the error envelope) under the form's fields: an item of a list
 * (`permissions.3`) belongs to its list's control, and each field shows its first message. Names the form does
 * not have are left to the toast the client already showed.
 */
export function setServerFields<T>(form: FormInstance<T>, error: unknown) {
  if (!(error instanceof ApiError) || !error.fields) return;
  const errors = new Map<string, string>();
  for (const [name, message] of Object.entries(error.fields)) {
    const field = name.split('.')[0]!;
    if (!errors.has(field)) errors.set(field, message);
  }
  form.setFields([...errors].map(([name, message]) => ({ name: name as never, errors: [message] })));
}
