import { Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate } from 'fflate';

const escapeXml = (text: string) =>
  text
    // characters XML 1.0 cannot hold
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to remove
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const PARTS: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  'xl/styles.xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="1"><xf/></cellXfs></styleSheet>',
};

const workbook = (sheetName: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

const rowXml = (cells: string[]) =>
  `<row>${cells
    .map((cell) =>
      cell === '' ? '<c/>' : `<c t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`,
    )
    .join('')}</row>`;

/**
 * An .xlsx of one sheet, written as its rows arrive: the sheet is deflated into the zip as it grows, so memory
 * stays flat however many rows there are. Text only (inline strings), which is what an export needs.
 */
export function xlsxStream(sheetName: string, rows: AsyncIterable<string[]>): Readable {
  // rows are read only as fast as the client takes the file: past the buffer's mark, wait for its next read
  let reading: (() => void) | undefined;
  const output = new Readable({
    read() {
      reading?.();
      reading = undefined;
    },
  });
  const taken = () =>
    output.readableLength < output.readableHighWaterMark
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          reading = resolve;
        });
  output.once('close', () => reading?.());
  const zip = new Zip((error, chunk, final) => {
    if (error) output.destroy(error);
    else {
      output.push(Buffer.from(chunk));
      if (final) output.push(null);
    }
  });
  const addWhole = (name: string, text: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(strToU8(text), true);
  };
  void (async () => {
    try {
      for (const [name, text] of Object.entries(PARTS)) addWhole(name, text);
      addWhole('xl/workbook.xml', workbook(sheetName));
      const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
      zip.add(sheet);
      sheet.push(
        strToU8(
          '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
        ),
      );
      let batch: string[] = [];
      for await (const cells of rows) {
        batch.push(rowXml(cells));
        if (batch.length === 500) {
          sheet.push(strToU8(batch.join('')));
          batch = [];
          await taken();
          if (output.destroyed) return; // the client went away
        }
      }
      sheet.push(strToU8(`${batch.join('')}</sheetData></worksheet>`), true);
      zip.end();
    } catch (error) {
      output.destroy(error as Error);
    }
  })();
  return output;
}
