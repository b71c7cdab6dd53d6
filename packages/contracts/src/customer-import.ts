import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { pageField, pageSizeField } from './fields.ts';

/** Imports of customers from a file: its options, report and preview, and their endpoints. */
export const IMPORT_ENCODINGS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'big5',
  'gb18030',
  'windows-1252',
  'shift_jis',
] as const;

/** The `options` part of an import (a JSON text beside the file). */
export const importOptionsSchema = z.object({
  /** how a row finds the customer it updates: by phone, by e-mail, or both (at least one, SPEC 5) */
  match_by: z
    .array(z.enum(['phone', 'email'], { error: 'import_match_required' }), { error: 'import_match_required' })
    .min(1, { error: 'import_match_required' })
    .max(2),
  /** what a row that found its customer does: fill the customer's empty fields, overwrite them, or nothing */
  on_match: z.enum(['fill_empty', 'overwrite', 'skip'], { error: 'request_invalid' }).default('fill_empty'),
  /** file column (its header) → a customer column or a custom field key; '' leaves the column out */
  mapping: z.record(z.string().max(200), z.string().max(60)).optional(),
  /** a CSV's text encoding, when detection guesses wrong */
  encoding: z.enum(IMPORT_ENCODINGS, { error: 'request_invalid' }).optional(),
});
export type ImportOptions = z.input<typeof importOptionsSchema>;

export const IMPORT_ISSUE_LEVELS = ['warning', 'error'] as const;
/**
 * A row of an import's report: `error`, the row was not imported; `warning`, it was imported without a value
 * it held (an invalid phone or e-mail, a value too long, a custom value of the wrong type) or with one changed.
 */
export const importRowErrorSchema = z.object({
  row: z.number().int(),
  reason: z.string(),
  /** absent on reports written before warnings existed: those rows were errors */
  level: z.enum(IMPORT_ISSUE_LEVELS).default('error'),
});
export type ImportRowIssue = z.infer<typeof importRowErrorSchema>;
export const customerImportSchema = z.object({
  job_id: z.uuid(),
  file_name: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  /** the first 1,000 rows with an error or a warning; the whole report downloads as a file */
  errors: z.array(importRowErrorSchema),
  /** rows refused */
  error_count: z.number().int(),
  /** rows imported with a warning (counted in created or updated) */
  warning_count: z.number().int().default(0),
  /** why the whole file could not be imported */
  failure: z.string().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type CustomerImport = z.infer<typeof customerImportSchema>;

/** An import as the organization's list of past imports shows it: who started it, and its counts (no rows). */
export const customerImportListItemSchema = customerImportSchema.extend({
  /** the display name (or username) of the member who started it; null once their account is gone */
  user_name: z.string().nullable(),
});
export type CustomerImportListItem = z.infer<typeof customerImportListItemSchema>;

export const importPreviewSchema = z.object({
  header: z.array(z.string()),
  /** the first data rows */
  rows: z.array(z.array(z.string())),
  total: z.number().int(),
  /** each column's field as the import would read it ('' leaves it out): the options' mapping, else by its header */
  mapping: z.array(z.string()),
  /** problems of the first rows as they read, by row number */
  problems: z.array(importRowErrorSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const customerImportEndpoints = {
  /** multipart/form-data like `start`: nothing is imported */
  preview: endpoint({
    method: 'POST',
    path: '/v1/customers/import/preview',
    response: importPreviewSchema,
    summary: "A file's columns, first rows and how they map and read, before importing it (multipart like the import)",
  }),
  /** multipart/form-data: `file` and `options` (importOptionsSchema as JSON text) */
  start: endpoint({
    method: 'POST',
    path: '/v1/customers/import',
    response: z.object({ job_id: z.uuid() }),
    summary:
      'Upload a .csv, .xlsx or .xls file (multipart: file, options as JSON: match_by, on_match, mapping, encoding); the import runs in the background',
  }),
  status: endpoint({
    method: 'GET',
    path: '/v1/customers/import/:job_id',
    params: z.object({ job_id: z.uuid({ error: 'not_found' }) }),
    response: customerImportSchema,
    summary: "An import's progress and report (its rows processed, created, updated, skipped, and the bad ones)",
  }),
  recent: endpoint({
    method: 'GET',
    path: '/v1/customers/imports',
    query: z.object({ page: pageField, size: pageSizeField }),
    response: z.array(customerImportListItemSchema),
    paged: true,
    summary:
      "The organization's imports, newest first: when, who, the file, status and counts (reports at /v1/customers/import/{job_id}/errors)",
  }),
};
