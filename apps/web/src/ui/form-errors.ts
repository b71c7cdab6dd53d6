import { translate } from '@omnichat/contracts';
import type { FormInstance } from 'antd';
import { ApiError } from '../app/http/index.ts';
import { currentLocale } from '../app/i18n/index.ts';
import { showToast } from '../app/toast/toast-store.ts';

/**
 * Shows an error's per-field messages (`fields` of the error envelope) under the form's fields: an item of a list
 * (`permissions.3`) belongs to its list's control, and each field shows its first message. A message for a field
 * the form does not have is toasted with its trace, unless the HTTP client already toasted the error.
 */
export function setServerFields<T>(form: FormInstance<T>, error: unknown) {
  if (!(error instanceof ApiError) || !error.fields) return;
  const errors = new Map<string, string>();
  for (const [name, message] of Object.entries(error.fields)) {
    const field = name.split('.')[0]!;
    if (!errors.has(field)) errors.set(field, message);
  }
  form.setFields([...errors].map(([name, message]) => ({ name: name as never, errors: [message] })));
  if (error.toasted) return;
  const unplaced = [...errors].filter(([name]) => form.getFieldError(name as never).length === 0);
  for (const [, message] of unplaced) {
    showToast('error', message, [
      translate('trace', currentLocale(), { status: error.status, trace_id: error.traceId ?? '-' }),
    ]);
  }
}
