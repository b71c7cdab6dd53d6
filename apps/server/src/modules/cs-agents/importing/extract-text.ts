import { unzipSync } from 'fflate';

/** The documents an article's text can be read from (a web page goes through page-text.ts). */
export type DocumentFormat = 'txt' | 'md' | 'pdf' | 'docx';

/** Why a document gave no text to read: damaged or not what its name says, or text not in UTF-8. */
export class Unreadable extends Error {
  readonly reason: 'damaged' | 'not_utf8';

  constructor(reason: Unreadable['reason']) {
    super(reason);
    this.reason = reason;
  }
}

const EXTENSIONS: Record<string, DocumentFormat> = { txt: 'txt', md: 'md', markdown: 'md', pdf: 'pdf', docx: 'docx' };

export const formatOfName = (name: string): DocumentFormat | null =>
  EXTENSIONS[name.toLowerCase().split('.').pop() ?? ''] ?? null;

/** What a .docx may unpack to at most: more is a "zip bomb", refused before anything is inflated. */
const DOCX_UNPACKED_MAX = 100 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);

/** Text in UTF-8 (or UTF-16 with its byte-order mark); anything else is refused rather than shown garbled. */
export function decodeUtf8(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.subarray(0, 8192).includes(0)) throw new Unreadable('damaged');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new Unreadable('not_utf8');
  }
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  // readers accept a header anywhere in the first kilobyte
  if (!Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-')) throw new Unreadable('damaged');
  const { extractText, getDocumentProxy } = await import('unpdf');
  try {
    const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      return (await extractText(document, { mergePages: true })).text;
    } finally {
      await document.loadingTask.destroy();
    }
  } catch {
    throw new Unreadable('damaged');
  }
}

async function docxText(bytes: Uint8Array): Promise<string> {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) throw new Unreadable('damaged');
  let unpacked = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        unpacked += file.originalSize;
        return false;
      },
    });
  } catch {
    throw new Unreadable('damaged');
  }
  if (unpacked > DOCX_UNPACKED_MAX) throw new Unreadable('damaged');
  const mammoth = await import('mammoth');
  try {
    return (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
  } catch {
    throw new Unreadable('damaged');
  }
}

/** Line breaks as `\n`, no spaces at line ends, at most one empty line in a row. */
export const tidyText = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** A document's text, tidied; empty when it has none (a scanned PDF has only pictures of its text). */
export async function documentText(bytes: Uint8Array, format: DocumentFormat): Promise<string> {
  const text = format === 'pdf' ? await pdfText(bytes) : format === 'docx' ? await docxText(bytes) : decodeUtf8(bytes);
  return tidyText(text);
}
