import { Writable } from 'node:stream';
import pino from 'pino';

/** A logger for `createTestApp` whose lines land parsed in `lines`, from `level` up. */
export function memoryLogger(level: pino.Level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({ level }, stream) };
}
