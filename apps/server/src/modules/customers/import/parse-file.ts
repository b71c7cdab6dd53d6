import { Worker } from 'node:worker_threads';
import { type ImportFormat, type TextEncoding, UnreadableFile } from './read-file.ts';

export interface ParsedFile {
  header: string[];
  /** data rows, the header not counted */
  total: number;
  /** data rows `from` (0-based, inclusive) to `to` (exclusive) */
  rows(from: number, to: number): Promise<string[][]>;
  close(): Promise<void>;
}

const ownsBuffer = (bytes: Uint8Array) =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;

/**
 * Reads a file in a worker thread, so that decoding and parsing a large spreadsheet never holds up the requests
 * this process serves; its rows are read in the worker and come over a slice at a time. Close it when done. The
 * bytes may be handed over to the worker: read nothing from them after this call.
 */
export function parseFile(bytes: Uint8Array, format: ImportFormat, encoding?: TextEncoding): Promise<ParsedFile> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./parse-worker.ts', import.meta.url), {
      workerData: { bytes, format, encoding },
      // bytes that own their whole buffer move to the worker rather than being copied (the caller is done with
      // them); a view into a shared pool is copied
      transferList: ownsBuffer(bytes) ? [bytes.buffer as ArrayBuffer] : [],
      resourceLimits:
        format === 'csv'
          ? { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 }
          : { maxOldGenerationSizeMb: 1024 },
    });
    let failed: (error: Error) => void = reject;
    worker.on('error', (error) => failed(error));
    worker.on('exit', (code) => {
      if (code !== 0) failed(new UnreadableFile('import_file_unreadable'));
    });
    worker.once('message', (first: { header?: string[]; total?: number; unreadable?: UnreadableFile['key'] }) => {
      if (first.unreadable || !first.header) {
        void worker.terminate();
        return reject(new UnreadableFile(first.unreadable ?? 'import_file_unreadable'));
      }
      let queue = Promise.resolve<unknown>(undefined);
      resolve({
        header: first.header,
        total: first.total ?? 0,
        rows: (from, to) => {
          // one request at a time: each answer is the slice asked for last
          const next = queue.then(
            () =>
              new Promise<string[][]>((answer, fail) => {
                failed = fail;
                worker.once('message', (message: { rows?: string[][]; unreadable?: UnreadableFile['key'] }) =>
                  message.rows
                    ? answer(message.rows)
                    : fail(new UnreadableFile(message.unreadable ?? 'import_file_unreadable')),
                );
                worker.postMessage({ from, to });
              }),
          );
          queue = next.catch(() => undefined);
          return next;
        },
        close: async () => {
          failed = () => undefined;
          await worker.terminate();
        },
      });
    });
  });
}
