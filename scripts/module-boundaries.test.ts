import { describe, expect, it } from 'vitest';
import { findViolations } from './module-boundaries.ts';

const SERVER = 'apps/server/src';
const MODULES = `${SERVER}/modules`;
const FEATURES = 'apps/web/src/features';

/** The files every case can import: two server modules with nested folders, two web features. */
const LIBRARY = [
  `${SERVER}/app.ts`,
  `${SERVER}/context.ts`,
  `${SERVER}/platform/db/database.ts`,
  `${MODULES}/a/index.ts`,
  `${MODULES}/a/a.service.ts`,
  `${MODULES}/a/a.tables.ts`,
  `${MODULES}/a/sub/deeper/helper.ts`,
  `${MODULES}/a/a.module.ts`,
  `${MODULES}/b/index.ts`,
  `${MODULES}/b/module.ts`,
  `${MODULES}/b/internal.ts`,
  `${MODULES}/b/nested/x.module.ts`,
  `${MODULES}/b/nested/inner.ts`,
  `${FEATURES}/chat/index.ts`,
  `${FEATURES}/chat/ChatPage.tsx`,
  `${FEATURES}/chat/panels/Composer.tsx`,
  `${FEATURES}/customers/index.ts`,
  `${FEATURES}/customers/customers-api.ts`,
  `${FEATURES}/customers/index.imports.ts`,
  `${MODULES}/b/index.extra.ts`,
];

/** The rules broken by one file (`file`) whose source is `source`, as `line: rule` strings. */
function check(file: string, source: string): string[] {
  const files = new Map([...LIBRARY.map((path): [string, string] => [path, '']), [file, source]]);
  return findViolations(files, (path) => files.has(path)).map((violation) => `${violation.line}: ${violation.rule}`);
}

describe('module boundaries on the server', () => {
  it('refuses a nested file of one module reaching into another module, at any depth', () => {
    expect(check(`${MODULES}/a/sub/x.ts`, "import { b } from '../../b/internal.ts';")).toEqual([
      `1: a module is imported only through its index.ts (${MODULES}/b/index.ts)`,
    ]);
    expect(check(`${MODULES}/a/sub/deeper/y.ts`, "export { inner } from '../../../b/nested/inner.ts';")).toHaveLength(
      1,
    );
    expect(check(`${MODULES}/a/a.routes.ts`, "import { b } from '../b/internal.ts';")).toHaveLength(1);
  });

  it('lets a module use another only through its index.ts, from any depth', () => {
    expect(check(`${MODULES}/a/sub/deeper/z.ts`, "import { b } from '../../../b/index.ts';")).toEqual([]);
    expect(check(`${MODULES}/a/a.routes.ts`, "import { b } from '../b/index.ts';\nimport { c } from '../b';")).toEqual(
      [],
    );
  });

  it('lets the files of one module import each other at any depth', () => {
    const source = [
      "import { a } from '../../a.service.ts';",
      "import { helper } from './helper.ts';",
      "import { index } from '../../index.ts';",
    ].join('\n');
    expect(check(`${MODULES}/a/sub/deeper/w.ts`, source)).toEqual([]);
    expect(check(`${MODULES}/a/a.routes.ts`, "import { helper } from './sub/deeper/helper.ts';")).toEqual([]);
  });

  it('holds type-only imports, re-exports, dynamic imports and import types to the same rule', () => {
    const source = [
      "import type { B } from '../../b/internal.ts';",
      "import { type C } from '../../b/internal.ts';",
      "export type { D } from '../../b/nested/inner.ts';",
      "const lazy = () => import('../../b/internal.ts');",
      "type E = import('../../b/internal.ts').E;",
      "import '../../b/internal.ts';",
    ].join('\n');
    expect(check(`${MODULES}/a/sub/v.ts`, source).map((line) => line.split(':')[0])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
  });

  it('keeps app.ts and context.ts to the index files of modules', () => {
    expect(check(`${SERVER}/app.ts`, "import { routes } from './modules/b/internal.ts';")).toHaveLength(1);
    expect(check(`${SERVER}/context.ts`, "import type { B } from './modules/b/nested/inner.ts';")).toHaveLength(1);
    expect(check(`${SERVER}/context.ts`, "import type { B } from './modules/b/index.ts';")).toEqual([]);
  });

  it("lets app.ts alone import a module's definition file, at the module's root", () => {
    const source = "import { a } from './modules/a/a.module.ts';\nimport { b } from './modules/b/module.ts';";
    expect(check(`${SERVER}/app.ts`, source)).toEqual([]);
    expect(check(`${SERVER}/app.ts`, "import { x } from './modules/b/nested/x.module.ts';")).toHaveLength(1);
    expect(check(`${SERVER}/context.ts`, "import type { A } from './modules/a/a.module.ts';")).toEqual([
      `1: only app.ts imports a module's definition (${MODULES}/a/a.module.ts)`,
    ]);
    expect(check(`${MODULES}/b/internal.ts`, "import { a } from '../a/a.module.ts';")).toHaveLength(1);
    expect(check(`${MODULES}/a/a.service.ts`, "import { a } from './a.module.ts';")).toHaveLength(1);
  });

  it('lets a module import context.ts for its types only, and never app.ts', () => {
    expect(check(`${MODULES}/a/sub/u.ts`, "import type { AppContext } from '../../../context.ts';")).toEqual([]);
    expect(check(`${MODULES}/a/sub/u.ts`, "import { AppContext } from '../../../context.ts';")).toEqual([
      '1: a module imports context.ts for its types only (import type)',
    ]);
    expect(check(`${MODULES}/a/u.ts`, "import type { App } from '../../app.ts';")).toEqual([
      '1: a module never imports app.ts',
    ]);
  });

  it('refuses platform code importing any module, even its index.ts', () => {
    expect(check(`${SERVER}/platform/http/deep/p.ts`, "import type { B } from '../../../modules/b/index.ts';")).toEqual(
      ['1: platform code never imports a module'],
    );
    expect(check(`${SERVER}/platform/db/q.ts`, "import { database } from './database.ts';")).toEqual([]);
  });

  it('leaves tests free to reach inside a module', () => {
    expect(check(`${MODULES}/a/sub/x.test.ts`, "import { b } from '../../b/internal.ts';")).toEqual([]);
    expect(check('apps/server/test/fixtures.ts', "import { b } from '../src/modules/b/internal.ts';")).toEqual([]);
  });

  it('reports the line of the import', () => {
    const source = "import path from 'node:path';\n\nimport { b } from '../../b/internal.ts';";
    expect(check(`${MODULES}/a/sub/x.ts`, source)).toEqual([
      `3: a module is imported only through its index.ts (${MODULES}/b/index.ts)`,
    ]);
  });
});

describe('route files on the server', () => {
  const ROUTES = `${MODULES}/a/sub/a.routes.ts`;

  it('refuses a query builder or a table in a *.routes.ts file, type-only imports too', () => {
    const source = [
      "import { eq } from 'drizzle-orm';",
      "import { pgTable } from 'drizzle-orm/pg-core';",
      "import pg from 'pg';",
      "import { PGlite } from '@electric-sql/pglite';",
      "import type { ARow } from '../a.tables.ts';",
    ].join('\n');
    expect(check(ROUTES, source)).toEqual([
      '1: a *.routes.ts file imports no query builder (drizzle-orm): its service runs the queries',
      '2: a *.routes.ts file imports no query builder (drizzle-orm): its service runs the queries',
      '3: a *.routes.ts file imports no query builder (pg): its service runs the queries',
      '4: a *.routes.ts file imports no query builder (@electric-sql/pglite): its service runs the queries',
      '5: a *.routes.ts file imports no *.tables.ts: its service runs the queries',
    ]);
  });

  it('lets a *.routes.ts file call its services, and other files use the query builder', () => {
    const routes = "import { service } from '../a.service.ts';\nimport { z } from 'zod';\nimport pgp from 'pg-boss';";
    expect(check(ROUTES, routes)).toEqual([]);
    const service = "import { eq } from 'drizzle-orm';\nimport { aTable } from './a.tables.ts';";
    expect(check(`${MODULES}/a/a.service.ts`, service)).toEqual([]);
  });
});

describe('feature boundaries on the web', () => {
  it('refuses a feature reaching into another feature, at any depth', () => {
    expect(
      check(`${FEATURES}/chat/panels/Dialog.tsx`, "import { list } from '../../customers/customers-api.ts';"),
    ).toEqual([`1: a feature imports another feature only through its index.ts (${FEATURES}/customers/index.ts)`]);
    expect(check(`${FEATURES}/chat/Other.tsx`, "import '../customers/customers-api.ts';")).toHaveLength(1);
  });

  it('lets a feature use another through its index.ts and its own files at any depth', () => {
    const source = [
      "import { list } from '../../customers/index.ts';",
      "import { ChatPage } from '../ChatPage.tsx';",
      "import { Composer } from './Composer.tsx';",
    ].join('\n');
    expect(check(`${FEATURES}/chat/panels/Thread.tsx`, source)).toEqual([]);
  });

  it('lets a feature offer a second public entry, index.<part>.ts, which server modules do not have', () => {
    expect(
      check(`${FEATURES}/chat/Upload.tsx`, "import { ReportTable } from '../customers/index.imports.ts';"),
    ).toEqual([]);
    expect(check(`${MODULES}/a/a.service.ts`, "import { x } from '../b/index.extra.ts';")).toEqual([
      `1: a module is imported only through its index.ts (${MODULES}/b/index.ts)`,
    ]);
  });

  it('leaves the app shell free to load feature pages lazily', () => {
    expect(check('apps/web/src/app/routes.tsx', "const page = () => import('../features/chat/ChatPage.tsx');")).toEqual(
      [],
    );
  });
});
