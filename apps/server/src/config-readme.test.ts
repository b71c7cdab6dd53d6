import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configSchema } from './config.ts';

const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');

/** The rows of the README's "Configuration" table: variable → default cell. */
function readmeRows(): Map<string, string> {
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = /^\| `([A-Z][A-Z0-9_]*)` \| (.*?) \|/.exec(line);
    if (cells?.[1]) rows.set(cells[1], cells[2] ?? '');
  }
  return rows;
}

/** A variable's default as written in the environment, found under `.describe()`, pipes and transforms. */
function defaultOf(schema: z.ZodType): unknown {
  if (schema instanceof z.ZodDefault) return schema.def.defaultValue;
  if (schema instanceof z.ZodPipe) return defaultOf(schema.in as z.ZodType);
  return undefined;
}

describe("the README's configuration table", () => {
  const rows = readmeRows();

  it('lists every variable of the config schema, and only those', () => {
    expect([...rows.keys()].sort()).toEqual(Object.keys(configSchema.shape).sort());
  });

  it("gives each variable's default as the schema has it", () => {
    for (const [name, schema] of Object.entries(configSchema.shape)) {
      const value = defaultOf(schema);
      if (value === undefined) continue;
      expect(rows.get(name), name).toContain(`\`${String(value)}\``);
    }
  });
});
