#!/usr/bin/env node
// The end-to-end layer of `npm test`: finds Chromium, builds the web app, then runs the journeys in e2e/.
// `--built` skips the build (CI builds once for the runs on both databases); other arguments go to vitest, e.g.
// one journey: `node e2e/run.mjs --built e2e/shell.e2e.ts`. `--part=1/2` runs one of two halves of the journeys,
// balanced by size: CI runs each journey once, one half on each database, side by side.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function findChromium() {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) {
    if (existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

const chromium = findChromium();
if (!chromium) {
  const line = '!'.repeat(78);
  console.warn(`\n${line}\n!! END-TO-END TESTS SKIPPED: no Chromium found.`);
  console.warn("!! Install Debian's browser (apt-get install -y chromium) or set CHROMIUM_PATH.");
  console.warn(`${line}\n`);
  process.exit(0);
}

const run = (command, args, env = {}) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

/** The journeys of part `index` of `count`: the largest files first, each to the lightest part so far. */
function journeysOfPart(index, count) {
  const dir = path.join(import.meta.dirname);
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.e2e.ts'))
    .map((name) => ({ name, size: statSync(path.join(dir, name)).size }))
    .sort((a, b) => b.size - a.size || a.name.localeCompare(b.name));
  const parts = Array.from({ length: count }, () => ({ size: 0, names: [] }));
  for (const file of files) {
    const lightest = parts.reduce((min, part) => (part.size < min.size ? part : min));
    lightest.size += file.size;
    lightest.names.push(`e2e/${file.name}`);
  }
  return parts[index - 1].names;
}

const args = process.argv.slice(2);
if (!args.includes('--built')) run('npm', ['run', 'build', '--silent']);
const part = args.find((arg) => arg.startsWith('--part='))?.slice('--part='.length);
const vitestArgs = args.filter((arg) => arg !== '--built' && !arg.startsWith('--part='));
if (part) {
  const [index, count] = part.split('/').map(Number);
  if (!(index >= 1 && index <= count)) throw new Error(`--part=${part}: expected i/n with 1 <= i <= n`);
  vitestArgs.push(...journeysOfPart(index, count));
}
run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...vitestArgs], { CHROMIUM_PATH: chromium });
