// Module and feature boundaries at every folder depth (the rules are in module-boundaries.ts); run by `npm run lint`
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findViolations } from './module-boundaries.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const roots = ['apps/server/src', 'apps/web/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

const files = new Map(
  roots.flatMap(sourceFiles).map((file) => [file, readFileSync(path.join(repoRoot, file), 'utf8')]),
);
const violations = findViolations(files, (file) => files.has(file) || existsSync(path.join(repoRoot, file)));
for (const violation of violations) {
  console.error(`${violation.file}:${violation.line} '${violation.specifier}': ${violation.rule}`);
}
if (violations.length > 0) {
  console.error(`${violations.length} import(s) cross a module or feature boundary`);
  process.exitCode = 1;
}
