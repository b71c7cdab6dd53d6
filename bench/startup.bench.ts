/**
 * Start time and idle memory of the server process, as production runs it (`npm run serve`: Node's own type
 * stripping) beside the baseline of the same run (the same Node with `--import tsx`, which compiled every file
 * with esbuild as it loaded; tsx still comes with drizzle-kit). Each way runs RUNS times, taking turns: a first
 * start on a new database (a fresh embedded PGlite folder, and a fresh PostgreSQL database when DATABASE_URL is
 * set), then a restart on the migrated one. Start: from spawn to the first `/readyz` 200 (migrations and the first admin included), and the CPU time
 * the process used until then (which other load on a shared machine inflates far less than the wall time). Idle:
 * VmRSS after the process has had nothing to do for IDLE_MS.
 *
 *   [DATABASE_URL=postgres://…] [BASELINE_NODE=/usr/bin/node] node bench/startup.bench.ts [runs]
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchServerEnv, createBenchDatabase, freePort, processMemoryMb } from './bench-server.ts';

const RUNS = Number(process.argv[2] ?? 5);
const IDLE_MS = 3_000;
const MAIN = path.resolve(import.meta.dirname, '../apps/server/src/main.ts');
const SERVE_FLAGS = ['--experimental-strip-types'];
/** another Node binary to run the tsx baseline on as well, e.g. the machine's own */
const BASELINE_NODE = process.env.BASELINE_NODE;

const tsxLoader = (() => {
  try {
    return import.meta.resolve('tsx');
  } catch {
    return undefined;
  }
})();
const versionOf = (node: string) => execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
const ways = [
  {
    name: `type stripping (npm run serve), Node ${process.version}`,
    node: process.execPath,
    args: [...SERVE_FLAGS, MAIN],
  },
  ...(tsxLoader
    ? [
        {
          name: `baseline: --import tsx, Node ${process.version}`,
          node: process.execPath,
          args: ['--import', tsxLoader, MAIN],
        },
      ]
    : []),
  ...(tsxLoader && BASELINE_NODE
    ? [
        {
          name: `baseline: --import tsx, Node ${versionOf(BASELINE_NODE)}`,
          node: BASELINE_NODE,
          args: ['--import', tsxLoader, MAIN],
        },
      ]
    : []),
];
if (!tsxLoader) console.warn('tsx is not installed: the baseline is left out');

const waitFor = async (condition: () => Promise<boolean>, what: string) => {
  for (const started = performance.now(); performance.now() - started < 120_000; ) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/** CPU time (user + system, every thread) a process used so far, in ms; /proc counts in ticks of 10 ms. */
function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

type Measured = { startMs: number; startCpuMs: number; idleRssMb: number };

/** Starts the server, measures it, stops it: ms (wall, CPU) to the first ready answer, idle RSS in MB. */
async function measureStart(node: string, args: string[], dataDir: string, databaseUrl?: string): Promise<Measured> {
  const port = await freePort();
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const started = performance.now();
  const child = spawn(node, args, {
    env: { ...inherited, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...benchServerEnv(dataDir, port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const response = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      return response?.status === 200;
    }, '/readyz');
    const startMs = performance.now() - started;
    const startCpuMs = cpuMs(child.pid!);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { startMs, startCpuMs, idleRssMb: processMemoryMb(child.pid!, 'VmRSS') };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** A first start on a new database (migrations, first admin), then a restart on the same, now migrated, one. */
async function startAndRestart(node: string, args: string[], serverUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'omnichat-startup-'));
  const database = serverUrl ? await createBenchDatabase(serverUrl) : undefined;
  try {
    const first = await measureStart(node, args, dataDir, database?.url);
    return { first, restart: await measureStart(node, args, dataDir, database?.url) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const spread = (values: number[], digits: number) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

const databases = [
  { kind: 'PGlite (embedded)', serverUrl: undefined },
  ...(process.env.DATABASE_URL ? [{ kind: 'PostgreSQL', serverUrl: process.env.DATABASE_URL }] : []),
];
const rows: string[] = [];
const series = () => ({ startMs: [] as number[], startCpuMs: [] as number[], idleRssMb: [] as number[] });
for (const { kind, serverUrl } of databases) {
  const results = ways.map(() => ({ first: series(), restart: series() }));
  for (let run = 0; run < RUNS; run++) {
    for (const [i, way] of ways.entries()) {
      const measured = await startAndRestart(way.node, way.args, serverUrl);
      for (const start of ['first', 'restart'] as const)
        for (const key of ['startMs', 'startCpuMs', 'idleRssMb'] as const)
          results[i]![start][key].push(measured[start][key]);
    }
  }
  for (const start of ['first', 'restart'] as const)
    for (const [i, way] of ways.entries()) {
      const { startMs, startCpuMs, idleRssMb } = results[i]![start];
      const when = start === 'first' ? 'new database' : 'restart';
      rows.push(
        `| ${kind}, ${when} | ${way.name} | ${spread(startMs, 0)} | ${spread(startCpuMs, 0)} | ${spread(idleRssMb, 1)} |`,
      );
    }
}

console.log(
  `\nServer start, ${RUNS} runs each way (taking turns): a first start on a new database, then a restart on it;`,
);
console.log('median (min–max)\n');
console.log('| database, start | way | spawn to /readyz 200, ms | CPU until then, ms | idle RSS after 3 s, MB |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(row);
