import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CROSS_TENANT_PATHS } from './cross-tenant-paths.ts';

const SRC = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every call of `unsafeCrossTenant` outside tests, as `file: reason` (a constant resolved in its file). */
function callSites(): string[] {
  const found = new Set<string>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    const relative = path.relative(SRC, file).split(path.sep).join('/');
    for (const match of text.matchAll(
      /unsafeCrossTenant\s*\(\s*(?:'([^']*)'|"([^"]*)"|`([^`]*)`|([A-Za-z_$][\w$.]*))?/g,
    )) {
      let reason = match[1] ?? match[2] ?? match[3];
      const name = match[4];
      if (reason === undefined && name) {
        const constant = text.match(
          new RegExp(`const ${name.replace(/[$.]/g, '\\$&')}\\s*=\\s*(?:'([^']*)'|"([^"]*)")`),
        );
        reason = constant ? (constant[1] ?? constant[2]) : `<unresolved ${name}>`;
      }
      found.add(`${relative}: ${reason ?? '<no literal reason>'}`);
    }
  }
  return [...found].sort();
}

describe('cross-tenant paths', () => {
  it('match the reviewed list (a new unsafeCrossTenant call needs an entry in cross-tenant-paths.ts)', () => {
    expect(callSites()).toEqual([...CROSS_TENANT_PATHS].sort());
  });
});
