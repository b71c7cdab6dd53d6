import { parentPort, workerData } from 'node:worker_threads';
import { type ImportFormat, openRows, type RowSource, type TextEncoding, UnreadableFile } from './read-file.ts';

/**
 * Reads one uploaded file off the main thread: it answers the header and row count, then hands out the rows a
 * slice at a time as they are asked for, so neither thread ever holds the whole file's rows.
 */
const { bytes, format, encoding } = workerData as { bytes: Uint8Array; format: ImportFormat; encoding?: TextEncoding };
const unreadable = (error: unknown) => ({
  unreadable: error instanceof UnreadableFile ? error.key : 'import_file_unreadable',
});

let source: RowSource | undefined;
try {
  source = await openRows(bytes, format, encoding);
  parentPort!.postMessage({ header: source.header, total: source.total });
} catch (error) {
  parentPort!.postMessage(unreadable(error));
}
parentPort!.on('message', ({ from, to }: { from: number; to: number }) => {
  source!.rows(from, to).then(
    (rows) => parentPort!.postMessage({ rows }),
    (error) => parentPort!.postMessage(unreadable(error)),
  );
});
