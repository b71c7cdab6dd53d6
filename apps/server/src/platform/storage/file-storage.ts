import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where received files (customers' photos, voice notes, documents) are kept. Local disk under DATA_DIR by default;
 * an object store implements the same three calls.
 */
export interface FileStorage {
  /** keeps the bytes and answers the key they are found by */
  put(prefix: string, bytes: Buffer): Promise<string>;
  /** the bytes of a key, or null when there is no such file */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
}

const KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}$/;

export function createLocalStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    async put(prefix, bytes) {
      const key = `${prefix}/${randomUUID()}`;
      await mkdir(path.dirname(fileOf(key)), { recursive: true });
      await writeFile(fileOf(key), bytes, { mode: 0o600 });
      return key;
    },
    async open(key) {
      // keys come from the database, never from a request: checked anyway so none can leave the root
      if (!KEY.test(key)) return null;
      try {
        const { size } = await stat(fileOf(key));
        return { stream: createReadStream(fileOf(key)), size };
      } catch {
        return null;
      }
    },
  };
}
