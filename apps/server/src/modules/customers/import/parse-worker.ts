import { parentPort, workerData } from 'node:worker_threads';
import { type ImportFormat, readRows, type TextEncoding, UnreadableFile } from './read-file.ts';

/**
 * Parses one uploaded file off the main thread and keeps its rows here: it answers the header and row count, then
 * hands out the rows a slice at a time, so the main thread never holds the whole file.
 */
const { bytes, format, encoding } = workerData as { bytes: Uint8Array; format: ImportFormat; encoding?: TextEncoding };
let rows: string[][] = [];
try {
  rows = readRows(bytes, format, encoding);
  parentPort!.postMessage({ header: rows[0] ?? [], total: rows.length - 1 });
} catch (error) {
  parentPort!.postMessage({ unreadable: error instanceof UnreadableFile ? error.key : 'import_file_unreadable' });
}
parentPort!.on('message', ({ from, to }: { from: number; to: number }) => {
  parentPort!.postMessage({ rows: rows.slice(from + 1, to + 1) });
});
