import * as XLSX from '@e965/xlsx';
import chardet from 'chardet';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import iconv from 'iconv-lite';

export const IMPORT_FORMATS = ['csv', 'xlsx', 'xls'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The most data rows and columns an import reads; a spreadsheet's unpacked parts may hold at most this much. */
export const IMPORT_LIMITS = { rows: 200_000, columns: 200, unpackedBytes: 200 * 1024 * 1024 } as const;

/** Why a file cannot be read at all (every row is refused); the message keys of the catalogue. */
export class UnreadableFile extends Error {
  constructor(readonly key: 'invalid_file_type' | 'import_file_unreadable' | 'import_too_many_rows' | 'import_empty') {
    super(key);
  }
}

export const formatOf = (fileName: string): ImportFormat | null => {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  return (IMPORT_FORMATS as readonly string[]).includes(extension) ? (extension as ImportFormat) : null;
};

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * Whether the bytes can be what the name says: a zip for .xlsx, an OLE compound file for .xls, and for .csv text
 * (no zip or OLE signature, no NUL byte outside UTF-16). Checked at upload, so a wrong file is refused at once.
 */
export function looksLike(bytes: Uint8Array, format: ImportFormat): boolean {
  if (format === 'xlsx') return startsWith(bytes, ZIP);
  if (format === 'xls') return startsWith(bytes, OLE);
  if (startsWith(bytes, ZIP) || startsWith(bytes, OLE)) return false;
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return true;
  return !bytes.subarray(0, 8192).includes(0);
}

/** Encodings a CSV may come in; detected when not chosen (a BOM first, then valid UTF-8, then a guess). */
export const TEXT_ENCODINGS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'big5',
  'gb18030',
  'windows-1252',
  'shift_jis',
] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

export function decodeText(bytes: Uint8Array, chosen?: TextEncoding): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (chosen) return iconv.decode(buffer, chosen, { stripBOM: true });
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return iconv.decode(buffer.subarray(3), 'utf-8');
  if (startsWith(bytes, [0xff, 0xfe])) return iconv.decode(buffer.subarray(2), 'utf-16le');
  if (startsWith(bytes, [0xfe, 0xff])) return iconv.decode(buffer.subarray(2), 'utf-16be');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const guess = (chardet.detect(buffer.subarray(0, 64 * 1024)) ?? '').toLowerCase();
    const encoding = guess.includes('big5')
      ? 'big5'
      : guess.startsWith('gb') || guess.includes('18030')
        ? 'gb18030'
        : guess.includes('shift')
          ? 'shift_jis'
          : guess.includes('utf-16')
            ? guess.includes('be')
              ? 'utf-16be'
              : 'utf-16le'
            : 'windows-1252';
    return iconv.decode(buffer, encoding);
  }
}

const isBlank = (row: string[]) => row.every((cell) => cell.trim() === '');

/** Rows without the blank ones at the end; refuses more than the limit of data rows (after the header). */
function trimmed(rows: string[][]): string[][] {
  let end = rows.length;
  while (end > 0 && isBlank(rows[end - 1]!)) end--;
  if (end === 0) throw new UnreadableFile('import_empty');
  if (end - 1 > IMPORT_LIMITS.rows) throw new UnreadableFile('import_too_many_rows');
  return rows.slice(0, end).map((row) => row.slice(0, IMPORT_LIMITS.columns));
}

function readCsv(bytes: Uint8Array, encoding?: TextEncoding): string[][] {
  if (startsWith(bytes, ZIP) || startsWith(bytes, OLE)) throw new UnreadableFile('invalid_file_type');
  const text = decodeText(bytes, encoding);
  // a "CSV" that is really binary: control characters other than tab and line breaks
  const sample = text.slice(0, 64 * 1024);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what tells binary apart
  if (/[\u0000-\u0008\u000e-\u001f]/.test(sample)) throw new UnreadableFile('invalid_file_type');
  try {
    const rows = parse(text, {
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      to: IMPORT_LIMITS.rows + 2,
    }) as string[][];
    return trimmed(rows);
  } catch (error) {
    if (error instanceof UnreadableFile) throw error;
    throw new UnreadableFile('import_file_unreadable');
  }
}

/** Refuses a zip whose parts unpack to more than the limit (a "zip bomb") before anything is inflated. */
function assertUnpackedSize(bytes: Uint8Array) {
  let total = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        total += file.originalSize;
        return false;
      },
    });
  } catch {
    throw new UnreadableFile('import_file_unreadable');
  }
  if (total > IMPORT_LIMITS.unpackedBytes) throw new UnreadableFile('import_file_unreadable');
}

function readSpreadsheet(bytes: Uint8Array, format: 'xlsx' | 'xls'): string[][] {
  if (!startsWith(bytes, format === 'xlsx' ? ZIP : OLE)) throw new UnreadableFile('invalid_file_type');
  if (format === 'xlsx') assertUnpackedSize(bytes);
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      sheetRows: IMPORT_LIMITS.rows + 2,
      cellFormula: false,
      cellHTML: false,
    });
  } catch {
    throw new UnreadableFile('import_file_unreadable');
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  if (!sheet) throw new UnreadableFile('import_empty');
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true });
  return trimmed(rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell)))));
}

/** The file's rows as text cells, the header first. */
export function readRows(bytes: Uint8Array, format: ImportFormat, encoding?: TextEncoding): string[][] {
  return format === 'csv' ? readCsv(bytes, encoding) : readSpreadsheet(bytes, format);
}
