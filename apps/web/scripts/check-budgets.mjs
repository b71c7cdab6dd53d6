/**
 * Checks the build's size budgets (gzipped): the scripts the entry HTML loads, and everything the organization
 * app's first screen (/app/dashboard, after sign-in) loads, entry included. Reads dist/.vite/manifest.json, so it follows the
 * real chunks of this build.
 *
 *   node apps/web/scripts/check-budgets.mjs [dist]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGETS_KB = { entry: 200, organizationFirstScreen: 350 };
/** the modules the router loads for /app/dashboard, and the endpoints its first calls import */
const ORGANIZATION_FIRST_SCREEN = [
  'src/app/layouts/OrganizationLayout.tsx',
  'src/features/shell/DashboardPage.tsx',
  'src/app/entry-endpoints.ts',
];

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gzipped = new Map();
const sizeOf = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
};

/** A manifest entry's file and every chunk it imports statically (what the browser must fetch to run it). */
function closure(keys, files = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (files.has(chunk.file)) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    closure(chunk.imports ?? [], files);
  }
  return files;
}
const total = (files) => [...files].reduce((sum, file) => sum + sizeOf(file), 0);
const scripts = (files) => new Set([...files].filter((file) => file.endsWith('.js')));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entry = closure([entryKey]);
const firstScreen = closure(ORGANIZATION_FIRST_SCREEN, new Set(entry));
const results = [
  { name: "entry HTML's scripts", bytes: total(scripts(entry)), budget: BUDGETS_KB.entry },
  {
    name: "organization app's first screen",
    bytes: total(firstScreen),
    budget: BUDGETS_KB.organizationFirstScreen,
  },
];
let failed = false;
for (const { name, bytes, budget } of results) {
  const within = bytes <= budget * 1024;
  failed ||= !within;
  console.log(`${within ? 'ok  ' : 'OVER'} ${name}: ${kb(bytes)} gzipped (budget ${budget} KB)`);
}
const biggest = [...firstScreen].sort((a, b) => sizeOf(b) - sizeOf(a)).slice(0, 5);
console.log(
  `largest of the first screen: ${biggest.map((file) => `${path.basename(file)} ${kb(sizeOf(file))}`).join(', ')}`,
);
if (failed) process.exit(1);
