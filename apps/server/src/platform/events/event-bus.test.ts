import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { createOwner } from '../../../test/fixtures.ts';
import { createTestApp, json, openTestDatabase, type TestApp } from '../../../test/test-app.ts';
import { auditLogs } from '../../modules/audit/audit.tables.ts';
import { requests } from '../../modules/teams/test-helpers.ts';
import { JobQueue } from '../jobs/job-queue.ts';
import { jobs } from '../jobs/jobs.tables.ts';
import { EVENT_SCHEMAS, type EventsOf } from './catalogue.ts';
import { EventBus } from './event-bus.ts';

const testEvents = {
  ...EVENT_SCHEMAS,
  'test.noted': z.object({ note: z.string() }),
  'test.other': z.object({ note: z.string() }),
};
declare module './catalogue.ts' {
  interface DomainEvents
    extends EventsOf<{
      'test.noted': (typeof testEvents)['test.noted'];
      'test.other': (typeof testEvents)['test.other'];
    }> {}
}

const silent = pino({ level: 'silent' });
let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function bus() {
  const { database, drop } = await openTestDatabase();
  cleanup.push(drop);
  const queue = new JobQueue(database, silent);
  return { database, queue, events: new EventBus(database, queue, silent, Date.now, testEvents) };
}

const eventJobs = (database: Awaited<ReturnType<typeof bus>>['database']) =>
  database.unsafeCrossTenant('test reads the event deliveries', (tx) =>
    tx.select().from(jobs).where(eq(jobs.name, 'events.deliver')),
  );

describe('domain events', () => {
  it('delivers a committed event to durable and after-commit listeners, and nothing of a rolled-back one', async () => {
    const { database, queue, events } = await bus();
    const durable: string[] = [];
    const committed: string[] = [];
    let seenInsideTransaction = false;
    events.on('test.noted', 'durable', async (event) => void durable.push(event.data.note));
    events.onCommitted('test.noted', 'committed', (event) => void committed.push(event.data.note));

    const workspaceId = randomUUID();
    await expect(
      database.withWorkspace(workspaceId, async (tx) => {
        await events.emit(tx, 'test.noted', { note: 'undone' }, workspaceId);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await database.withWorkspace(workspaceId, async (tx) => {
      await events.emit(tx, 'test.noted', { note: 'kept' }, workspaceId);
      seenInsideTransaction = committed.length > 0;
    });
    expect(seenInsideTransaction).toBe(false);
    expect(committed).toEqual(['kept']);
    await queue.drain();
    expect(durable).toEqual(['kept']);
    expect(await eventJobs(database)).toHaveLength(1);
  });

  it("gives a transaction's events one delivery per listener, without those of a savepoint rolled back", async () => {
    const { database, queue, events } = await bus();
    const batches: string[][] = [];
    events.onBatch('test.noted', 'batch', async (all) => void batches.push(all.map((event) => event.data.note)));
    const workspaceId = randomUUID();
    await database.withWorkspace(workspaceId, async (tx) => {
      await events.emit(tx, 'test.noted', { note: 'first' }, workspaceId);
      await expect(
        tx.transaction(async (step) => {
          await events.emit(step, 'test.noted', { note: 'undone' }, workspaceId);
          throw new Error('the step fails');
        }),
      ).rejects.toThrow('the step fails');
      await events.emitMany(tx, 'test.noted', [{ note: 'second' }, { note: 'third' }], workspaceId);
    });
    // a savepoint that stored the first job and rolled back: the next emit stores a new one
    await database.withWorkspace(workspaceId, async (tx) => {
      await expect(
        tx.transaction(async (step) => {
          await events.emit(step, 'test.noted', { note: 'gone' }, workspaceId);
          throw new Error('the step fails');
        }),
      ).rejects.toThrow('the step fails');
      await events.emit(tx, 'test.noted', { note: 'alone' }, workspaceId);
    });
    expect(await eventJobs(database)).toHaveLength(2);
    await queue.drain();
    expect(batches).toEqual(expect.arrayContaining([['first', 'second', 'third'], ['alone']]));
    expect(batches).toHaveLength(2);
  });

  it('keeps the events of two types apart when their listeners share a name', async () => {
    const { database, queue, events } = await bus();
    const seen: string[] = [];
    events.on('test.noted', 'notify', async (event) => void seen.push(`noted:${event.data.note}`));
    events.on('test.other', 'notify', async (event) => void seen.push(`other:${event.data.note}`));
    const workspaceId = randomUUID();
    await database.withWorkspace(workspaceId, async (tx) => {
      await events.emit(tx, 'test.noted', { note: 'a' }, workspaceId);
      await events.emit(tx, 'test.other', { note: 'b' }, workspaceId);
      await events.emit(tx, 'test.noted', { note: 'c' }, workspaceId);
    });
    expect(await eventJobs(database)).toHaveLength(2);
    await queue.drain();
    expect(seen.sort()).toEqual(['noted:a', 'noted:c', 'other:b']);
  });

  it('records the events of one emitMany as one delivery per durable listener that wants any, each event to the others', async () => {
    const { database, queue, events } = await bus();
    const batches: string[][] = [];
    const oneByOne: string[] = [];
    const committed: string[] = [];
    events.onBatch('test.noted', 'batch', async (all) => void batches.push(all.map((event) => event.data.note)));
    events.on('test.noted', 'single', async (event) => void oneByOne.push(event.data.note));
    events.onCommitted('test.noted', 'committed', (event) => void committed.push(event.data.note));
    // a listener that wants some events only: the others are never stored for it, nor a job when it wants none
    const picked: string[][] = [];
    const picky = async (all: { data: { note: string } }[]) => void picked.push(all.map((event) => event.data.note));
    events.onBatch('test.noted', 'picky', picky, (data) => data.note === 'b');

    const workspaceId = randomUUID();
    await expect(
      database.withWorkspace(workspaceId, async (tx) => {
        await events.emitMany(tx, 'test.noted', [{ note: 'undone' }], workspaceId);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await database.withWorkspace(workspaceId, (tx) =>
      events.emitMany(tx, 'test.noted', [{ note: 'a' }, { note: 'b' }, { note: 'c' }], workspaceId),
    );
    await database.withWorkspace(workspaceId, (tx) => events.emit(tx, 'test.noted', { note: 'd' }, workspaceId));
    await queue.drain();

    expect(committed).toEqual(['a', 'b', 'c', 'd']);
    // the two emits' deliveries may run side by side; each keeps its events' order
    expect(batches).toHaveLength(2);
    expect(batches).toEqual(expect.arrayContaining([['a', 'b', 'c'], ['d']]));
    expect(oneByOne.filter((note) => note !== 'd')).toEqual(['a', 'b', 'c']);
    expect(oneByOne).toContain('d');
    expect(picked).toEqual([['b']]);
    expect(await eventJobs(database)).toHaveLength(5);
  });

  it('refuses data that does not match the catalogue, failing the change instead of a listener', async () => {
    const { database, events } = await bus();
    events.on('test.noted', 'durable', async () => undefined);
    await expect(
      database.unsafeCrossTenant('test emits a platform event', (tx) =>
        events.emit(tx, 'test.noted', { note: 42 } as unknown as { note: string }, null),
      ),
    ).rejects.toThrow();
    expect(await eventJobs(database)).toHaveLength(0);
  });

  it('loses nothing when the process dies after commit: another process delivers it', async () => {
    const first = await bus();
    first.events.on('test.noted', 'durable', async () => undefined);
    await first.database.unsafeCrossTenant('test emits a platform event', (tx) =>
      first.events.emit(tx, 'test.noted', { note: 'survives' }, null),
    );
    // a second process on the same database, with the same listener, never having seen the emit
    const queue = new JobQueue(first.database, silent);
    const events = new EventBus(first.database, queue, silent, Date.now, testEvents);
    const delivered: string[] = [];
    events.on('test.noted', 'durable', async (event) => void delivered.push(event.data.note));
    await queue.drain();
    expect(delivered).toEqual(['survives']);
  });
});

describe('a listener that throws', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('is logged with the event id and retried, while other listeners and the request go on', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    t = await createTestApp({}, { logger: pino(stream) });
    const owner = await createOwner(t);
    t.app.events.on('team.created', 'broken', async () => {
      throw new Error('listener is broken');
    });
    t.app.events.onCommitted('team.created', 'broken', () => {
      throw new Error('committed listener is broken');
    });
    const ws = await t.app.injectWS(`/v1/ws?token=${owner.token}`);
    const pushed = new Promise<Record<string, unknown>>((resolve) =>
      (ws as WebSocket).once('message', (raw) => resolve(JSON.parse(raw.toString()))),
    );

    const created = await requests(t).post('/v1/teams', owner.token, { name: 'Support' });
    expect(created.statusCode).toBe(200);
    const team = json(created).data;
    // the organization's sockets hear of it (the push listener runs although another committed listener threw)
    expect(await pushed).toMatchObject({ action: 'team.created', success: true, data: { id: team.id } });
    ws.terminate();

    await t.app.jobs.drain();
    // the team's entry, written once by its listener (beside the organization's creation, logged with it)
    const entries = (await t.database.withWorkspace(owner.workspaceId, (tx) => tx.select().from(auditLogs))).filter(
      (entry) => entry.action !== 'workspace.create',
    );
    expect(entries.map((entry) => entry.action)).toEqual(['team.create']);
    const deliveries = await t.database.unsafeCrossTenant('test reads the event deliveries', (tx) =>
      tx.select().from(jobs).where(eq(jobs.name, 'events.deliver')),
    );
    const broken = deliveries.find((job) => (job.payload as { listener: string }).listener === 'broken');
    expect(broken).toMatchObject({ status: 'queued', attempts: 1, lastError: 'listener is broken' });
    const eventId = (broken!.payload as { events: { id: string }[] }).events[0]!.id;
    const failures = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'event listener failed');
    expect(failures.map((line) => line.event_id)).toEqual([eventId, eventId]);
    expect(entries[0]!.eventId).toBe(eventId);
  });
});
