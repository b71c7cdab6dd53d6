import * as XLSX from '@e965/xlsx';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { openRows } from './read-file.ts';

describe('reading import files', () => {
  it('refuses a spreadsheet whose parts unpack to more than 200 MB before unpacking them', async () => {
    const zip = zipSync({ 'xl/worksheets/sheet1.xml': new TextEncoder().encode('<worksheet/>') });
    // the central directory's "uncompressed size" of the entry claims 2 GB
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    for (let at = zip.length - 22; at >= 0; at--) {
      if (view.getUint32(at, true) === 0x02014b50) {
        view.setUint32(at + 24, 0x7fffffff, true);
        break;
      }
    }
    await expect(openRows(zip, 'xlsx')).rejects.toThrow('import_file_unreadable');
  });

  it('stops at 200,000 rows and ignores trailing empty rows of a sheet', async () => {
    const many = `first_name\n${'Amy\n'.repeat(200_001)}`;
    await expect(openRows(new TextEncoder().encode(many), 'csv')).rejects.toThrow('import_too_many_rows');
    const sheet = XLSX.utils.aoa_to_sheet([['first_name'], ['Amy']]);
    sheet['!ref'] = 'A1:A500000';
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 's');
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const read = await openRows(new Uint8Array(bytes), 'xlsx');
    expect({ header: read.header, total: read.total }).toEqual({ header: ['first_name'], total: 1 });
    expect(await read.rows(0, 10)).toEqual([['Amy']]);
  });
  it('reads a CSV a slice at a time, in order or back again, with quoted line breaks and text past its parse buffer', async () => {
    // Chinese names push the text across the parser's 64 KB slices, where a character must not be split
    const lines = ['first_name,note'];
    for (let i = 0; i < 3000; i++) lines.push(`陳大文${i},"line one\nline 二 ${i}"`);
    const read = await openRows(new TextEncoder().encode(`${lines.join('\r\n')}\r\n,\r\n\r\n`), 'csv');
    expect({ header: read.header, total: read.total }).toEqual({ header: ['first_name', 'note'], total: 3000 });
    const all: string[][] = [];
    for (let from = 0; from < read.total; from += 700) all.push(...(await read.rows(from, from + 700)));
    expect(all).toHaveLength(3000);
    expect(all.every((row, i) => row[0] === `陳大文${i}` && row[1] === `line one\nline 二 ${i}`)).toBe(true);
    // a retried import starts again further back
    expect(await read.rows(1, 3)).toEqual([
      ['陳大文1', 'line one\nline 二 1'],
      ['陳大文2', 'line one\nline 二 2'],
    ]);
    expect(await read.rows(2999, 3100)).toEqual([['陳大文2999', 'line one\nline 二 2999']]);
  });
});
