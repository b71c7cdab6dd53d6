import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * A built web app in a temporary folder (an index.html, one hashed asset and the widget, each with the brotli and gzip copies
 * the build writes), for tests that serve the SPA.
 */
export function tempWebDist() {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  const write = (file: string, content: string) => {
    writeFileSync(path.join(dir, file), content);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(content));
  };
  write('index.html', '<!doctype html><div id="root"></div>');
  write('assets/app-abc123.js', 'console.log(1)');
  write('widget.js', 'console.log("widget")');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
