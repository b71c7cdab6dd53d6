import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { requests } from '../../modules/teams/test-helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
  return t.close();
});

/**
 * Counts what reaches the database server separately: on PostgreSQL each pool checkout (a transaction, or a
 * statement run on its own); on PGlite each transaction and each statement outside one.
 */
function countDatabaseSessions() {
  if (t.database.kind === 'postgres') {
    const connect = vi.spyOn(pg.Pool.prototype, 'connect');
    return () => connect.mock.calls.length;
  }
  const transaction = vi.spyOn(PGlite.prototype, 'transaction');
  const query = vi.spyOn(PGlite.prototype, 'query');
  return () => transaction.mock.calls.length + query.mock.calls.length;
}

describe('one transaction per member request', () => {
  it('reads the principal and runs the handler in one transaction of the organization', async () => {
    const owner = await createOwner(t);
    const created = await requests(t).post('/v1/teams', owner.token, { name: 'Support' });
    expect(created.statusCode).toBe(200);

    const sessions = countDatabaseSessions();
    const listed = await t.app.inject({ method: 'GET', url: '/v1/teams', headers: bearer(owner.token) });
    expect(listed.statusCode).toBe(200);
    expect(json(listed).data.map((team: { name: string }) => team.name)).toEqual(['Support']);
    expect(sessions()).toBe(1);
  });

  it.runIf(process.env.DATABASE_URL)(
    'costs PostgreSQL three round trips: begin with tenancy and principal, the page with its total, commit',
    async () => {
      const owner = await createOwner(t);
      await requests(t).post('/v1/teams', owner.token, { name: 'Support' });
      const statements = vi.spyOn(pg.Client.prototype, 'query');

      const listed = await t.app.inject({ method: 'GET', url: '/v1/teams', headers: bearer(owner.token) });
      expect(json(listed).data.map((team: { name: string }) => team.name)).toEqual(['Support']);
      expect(json(listed).page.total).toBe(1);
      // the request's connection is the one that began a transaction (the job queue may poll on others meanwhile)
      const { calls, contexts } = statements.mock;
      const connection = contexts[calls.findIndex(([query]) => String(query).startsWith('begin'))];
      expect(contexts.filter((context) => context === connection)).toHaveLength(3);
    },
  );
});
