import type { MessageKey } from '@omnichat/contracts';

/** An error that is a value: a catalogue key, an HTTP status and optional per-field messages. */
export class AppError extends Error {
  readonly status: number;
  readonly key: MessageKey;
  readonly params: Record<string, string | number>;
  readonly fields?: Record<string, { key: MessageKey; params?: Record<string, string | number> }>;
  /** more about the failure for the caller, e.g. the record a 409 clashes with */
  readonly details?: Record<string, unknown>;

  constructor(
    status: number,
    key: MessageKey,
    params: Record<string, string | number> = {},
    fields?: AppError['fields'],
    details?: Record<string, unknown>,
  ) {
    super(key);
    this.status = status;
    this.key = key;
    this.params = params;
    this.fields = fields;
    this.details = details;
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, string | number>) => new AppError(400, key, params);
export const unauthorized = (key: MessageKey = 'unauthorized') => new AppError(401, key);
export const forbidden = (key: MessageKey = 'forbidden') => new AppError(403, key);
export const notFound = (key: MessageKey = 'not_found') => new AppError(404, key);
export const conflict = (key: MessageKey = 'conflict') => new AppError(409, key);
/** A 400 naming the one input at fault, so forms can show it beside the field. */
export const fieldError = (field: string, key: MessageKey) => new AppError(400, key, {}, { [field]: { key } });
