/**
 * Lighthouse (mobile, its default simulated throttling) on the public pages /, /about and /pricing as the server
 * answers them after `npm run build`: the HTML rendered at build time (no app bundle), beside the baseline of the
 * same run, the same page as the single-page app (`?spa=1`, what every path answered before). Lighthouse is not a
 * dependency of the project: install it anywhere (`npm install --prefix /tmp/lh lighthouse`) and name its binary.
 *
 *   LIGHTHOUSE=/tmp/lh/node_modules/.bin/lighthouse [CHROME_PATH=/usr/bin/chromium] node bench/public-pages.bench.ts [runs]
 *
 * Each page and way runs `runs` times (default 1), taking turns; the median run by performance score is shown.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBenchServer } from './bench-server.ts';

const LIGHTHOUSE = process.env.LIGHTHOUSE;
const RUNS = Number(process.argv[2] ?? 1);
const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const PAGES = ['/', '/about', '/pricing'];
const WAYS = [
  { name: 'prerendered', query: '' },
  { name: 'baseline: SPA (?spa=1)', query: '?spa=1' },
];

if (!LIGHTHOUSE) {
  console.log('LIGHTHOUSE is not set: name a Lighthouse binary (npm install --prefix /tmp/lh lighthouse). Skipped.');
  process.exit(0);
}
const binary = LIGHTHOUSE;
if (!existsSync(path.join(WEB_DIST, 'prerendered'))) {
  console.error('apps/web/dist/prerendered is missing: run `npm run build` first.');
  process.exit(1);
}

interface Figures {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  accessibility: number;
}

const out = mkdtempSync(path.join(tmpdir(), 'omnichat-lighthouse-'));
function lighthouse(url: string): Figures {
  const report = path.join(out, 'report.json');
  execFileSync(
    binary,
    [
      url,
      '--only-categories=performance,accessibility',
      '--chrome-flags=--headless --no-sandbox',
      '--output=json',
      `--output-path=${report}`,
      '--quiet',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    },
  );
  const { categories, audits } = JSON.parse(readFileSync(report, 'utf8'));
  return {
    performance: Math.round(categories.performance.score * 100),
    fcp: audits['first-contentful-paint'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    accessibility: Math.round(categories.accessibility.score * 100),
  };
}

const server = await startBenchServer(async () => undefined, { WEB_DIST });
try {
  const results = new Map<string, Figures[]>();
  for (let run = 0; run < RUNS; run++)
    for (const page of PAGES)
      for (const way of WAYS) {
        const key = `${page}\t${way.name}`;
        results.set(key, [...(results.get(key) ?? []), lighthouse(`${server.base}${page}${way.query}`)]);
      }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`Lighthouse, mobile (simulated throttling), ${RUNS} run(s) each, ${server.kind}`);
  console.log(['page', 'way', 'performance', 'FCP', 'LCP', 'TBT', 'accessibility'].join('\t'));
  for (const [key, runs] of results) {
    const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
    console.log(
      [
        key,
        median.performance,
        seconds(median.fcp),
        seconds(median.lcp),
        `${Math.round(median.tbt)} ms`,
        median.accessibility,
      ].join('\t'),
    );
  }
} finally {
  await server.stop();
  rmSync(out, { recursive: true, force: true });
}
