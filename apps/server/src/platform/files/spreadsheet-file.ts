import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition, SERVED_FILE_CSP } from '../http/served-file.ts';
import { safeCell } from './cells.ts';
import { xlsxStream } from './xlsx-writer.ts';

export type FileFormat = 'csv' | 'xlsx';
export const CONTENT_TYPES: Record<FileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A file of rows in a format: CSV (UTF-8 with a BOM, so spreadsheets read Chinese right) or .xlsx (one sheet).
 * Rows are pulled only as fast as the file is taken.
 */
export function fileStream(format: FileFormat, rows: AsyncIterable<string[]>, sheetName = 'Sheet1'): Readable {
  if (format === 'xlsx') return xlsxStream(sheetName, rows);
  const csv = stringify({ bom: true });
  void (async () => {
    try {
      for await (const row of rows) {
        if (!csv.write(row.map(safeCell))) await new Promise((resolve) => csv.once('drain', resolve));
      }
      csv.end();
    } catch (error) {
      csv.destroy(error as Error);
    }
  })();
  return csv;
}

/** The headers of a downloaded file `<name>.<format>`: an attachment, never cached, never run by the browser. */
export const download = (reply: FastifyReply, name: string, format: FileFormat) =>
  reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', attachmentDisposition(`${name}.${format}`))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', SERVED_FILE_CSP);

/** Today's date (UTC) as a file name part: 2025-05-01. */
export const today = () => new Date().toISOString().slice(0, 10);
