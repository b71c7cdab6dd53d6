import { Readable } from 'node:stream';
import type * as Xlsx from '@e965/xlsx';
import chardet from 'chardet';
import { parse as parseCsv } from 'csv-parse';
import { unzipSync } from 'fflate';
import iconv from 'iconv-lite';

export const IMPORT_FORMATS = ['csv', 'xlsx', 'xls'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The most data rows and columns an import reads; a spreadsheet's unpacked parts may hold at most this much. */
export const IMPORT_LIMITS = { rows: 200_000, columns: 200, unpackedBytes: 200 * 1024 * 1024 } as const;

/** Why a file cannot be read at all (every row is refused); the message keys of the catalogue. */
export class UnreadableFile extends Error {
  readonly key: 'invalid_file_type' | 'import_file_unreadable' | 'import_too_many_rows' | 'import_empty';

  constructor(key: UnreadableFile['key']) {
    super(key);
    this.key = key;
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
const ofColumns = (row: string[]) => row.slice(0, IMPORT_LIMITS.columns);

/** A file's rows, read a slice at a time: the header, the count of data rows (trailing blank ones left out). */
export interface RowSource {
  header: string[];
  total: number;
  /** data rows `from` (0-based, inclusive) to `to` (exclusive) */
  rows(from: number, to: number): Promise<string[][]>;
}

/** The data rows' count without the blank ones at the end; refuses an empty file or one over the row limit. */
function countedRows(lastFilled: number): number {
  if (lastFilled < 0) throw new UnreadableFile('import_empty');
  if (lastFilled > IMPORT_LIMITS.rows) throw new UnreadableFile('import_too_many_rows');
  return lastFilled;
}

/** The text in slices that never split a surrogate pair, for the streaming parser. */
function* slices(text: string, size = 64 * 1024) {
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + size, text.length);
    if (end < text.length && /[\ud800-\udbff]/.test(text[end - 1]!)) end++;
    yield text.slice(at, end);
    at = end;
  }
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The CSV's delimiter, by the header line: the one of `,` `;` tab `|` it holds most outside quotes (spreadsheets
 * in many European languages save with `;`); a comma when it holds none.
 */
export function delimiterOf(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of text.replace(/^[\r\n]+/, '').slice(0, 64 * 1024)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

/** The CSV's records, parsed as they are pulled. */
function csvRecords(text: string, delimiter: string): AsyncIterator<string[]> {
  const parser = parseCsv({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  const source = Readable.from(slices(text));
  source.pipe(parser);
  return parser[Symbol.asyncIterator]();
}

const unreadable = (error: unknown): never => {
  throw error instanceof UnreadableFile ? error : new UnreadableFile('import_file_unreadable');
};

/**
 * A CSV read as a stream, never whole: one pass counts the rows (and finds a broken file before anything is
 * imported), then each slice is parsed when it is asked for, continuing from the last one.
 */
async function openCsv(bytes: Uint8Array, encoding?: TextEncoding): Promise<RowSource> {
  if (startsWith(bytes, ZIP) || startsWith(bytes, OLE)) throw new UnreadableFile('invalid_file_type');
  const text = decodeText(bytes, encoding);
  // a "CSV" that is really binary: control characters other than tab and line breaks
  const sample = text.slice(0, 64 * 1024);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what tells binary apart
  if (/[\u0000-\u0008\u000e-\u001f]/.test(sample)) throw new UnreadableFile('invalid_file_type');

  let header: string[] = [];
  let lastFilled = -1;
  const delimiter = delimiterOf(text);
  try {
    const records = csvRecords(text, delimiter);
    for (let index = 0; ; index++) {
      const next = await records.next();
      if (next.done) break;
      if (index === 0) header = ofColumns(next.value);
      if (!isBlank(next.value)) lastFilled = index;
      if (lastFilled > IMPORT_LIMITS.rows) break;
    }
  } catch (error) {
    unreadable(error);
  }
  const total = countedRows(lastFilled);

  let records = csvRecords(text, delimiter);
  // the index of the last record read, counting data rows from 0: the header is -1, and -2 is before it
  let position = -2;
  return {
    header,
    total,
    async rows(from, to) {
      if (from <= position) {
        records = csvRecords(text, delimiter);
        position = -2;
      }
      const rows: string[][] = [];
      try {
        for (const end = Math.min(to, total); position + 1 < end; ) {
          const next = await records.next();
          if (next.done) break;
          position++;
          if (position >= from) rows.push(ofColumns(next.value));
        }
      } catch (error) {
        unreadable(error);
      }
      return rows;
    },
  };
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

/** A spreadsheet's first sheet; its rows become text a slice at a time, as they are asked for. */
async function openSpreadsheet(bytes: Uint8Array, format: 'xlsx' | 'xls'): Promise<RowSource> {
  if (!startsWith(bytes, format === 'xlsx' ? ZIP : OLE)) throw new UnreadableFile('invalid_file_type');
  if (format === 'xlsx') assertUnpackedSize(bytes);
  // the spreadsheet library is large: a CSV import never loads it
  const XLSX = await import('@e965/xlsx');
  let workbook: Xlsx.WorkBook;
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
  if (!sheet?.['!ref']) throw new UnreadableFile('import_empty');
  const bounds = XLSX.utils.decode_range(sheet['!ref']);
  const lastColumn = Math.min(bounds.e.c, IMPORT_LIMITS.columns - 1);
  /** the sheet's rows `first` to `last` (inclusive, 0 = the header) as text cells */
  const textRows = (first: number, last: number): string[][] =>
    XLSX.utils
      .sheet_to_json<unknown[]>(sheet, {
        header: 1,
        raw: false,
        defval: '',
        blankrows: true,
        range: { s: { r: first, c: 0 }, e: { r: last, c: lastColumn } },
      })
      .map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))));

  const data = sheet['!data'] ?? [];
  const filled = (index: number) =>
    data[index]?.some((cell) => cell && String(cell.w ?? cell.v ?? '').trim() !== '') ?? false;
  let lastFilled = Math.min(data.length - 1, bounds.e.r);
  while (lastFilled >= 0 && !filled(lastFilled)) lastFilled--;
  const total = countedRows(lastFilled);
  return {
    header: textRows(0, 0)[0] ?? [],
    total,
    rows: async (from, to) => (from >= Math.min(to, total) ? [] : textRows(from + 1, Math.min(to, total))),
  };
}

/** Opens a file for reading its rows: the header first, then data rows a slice at a time. */
export function openRows(bytes: Uint8Array, format: ImportFormat, encoding?: TextEncoding): Promise<RowSource> {
  return format === 'csv' ? openCsv(bytes, encoding) : openSpreadsheet(bytes, format);
}
