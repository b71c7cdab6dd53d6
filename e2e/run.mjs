#!/usr/bin/env node
// The end-to-end layer of `npm test`: finds Chromium, builds the web app, then runs the journeys in e2e/.
// `--built` skips the build (CI builds once for the runs on both databases); other arguments go to vitest, e.g.
// one journey: `node e2e/run.mjs --built e2e/shell.e2e.ts`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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

const args = process.argv.slice(2);
if (!args.includes('--built')) run('npm', ['run', 'build', '--silent']);
const vitestArgs = args.filter((arg) => arg !== '--built');
run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...vitestArgs], { CHROMIUM_PATH: chromium });
