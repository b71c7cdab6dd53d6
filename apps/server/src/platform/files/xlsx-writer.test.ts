import { setTimeout as sleep } from 'node:timers/promises';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { xlsxStream } from './xlsx-writer.ts';

const ROWS = 50_000;

describe('xlsxStream', () => {
  it('reads rows only as fast as the file is taken, and the whole file opens as a spreadsheet', async () => {
    let pulled = 0;
    async function* rows() {
      yield ['name', 'note'];
      for (let i = 0; i < ROWS; i++) {
        pulled++;
        yield [`Customer ${i}`, `<${i}> & "quoted" ${Math.random()}`];
      }
    }
    const stream = xlsxStream('customers', rows());
    // a window on purpose: the test asserts what does NOT happen in it (the writer pulling every row unread)
    await sleep(200);
    // nobody is reading: the writer stopped at its buffer instead of turning every row into the file
    expect(pulled).toBeLessThan(ROWS);

    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(pulled).toBe(ROWS);
    const sheet = XLSX.read(Buffer.concat(chunks), { type: 'buffer', dense: true }).Sheets.customers!;
    const read = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 });
    expect(read).toHaveLength(ROWS + 1);
    expect(read[ROWS]![0]).toBe(`Customer ${ROWS - 1}`);
    expect(read[1]![1]).toMatch(/^<0> & "quoted" /);
  });
});
