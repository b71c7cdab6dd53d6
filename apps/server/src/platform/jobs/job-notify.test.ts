import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { defineJob } from './job-definition.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const job = (name: string, queue: string) =>
  defineJob({ name, version: 1, queue, payload: z.object({ n: z.number() }), handle: async () => undefined });

describe('job notifications', () => {
  it('name the queues of the jobs a statement stored, and come from no statement that stored none', async () => {
    const heard: string[] = [];
    // a PostgreSQL listener also calls once without a payload when it connects
    const stop = await t.database.listen('omnichat_jobs', (queues) => queues !== undefined && heard.push(queues));
    try {
      const mail = job('notify.mail', 'mail');
      const hooks = job('notify.hooks', 'webhooks');
      t.app.jobs.define(mail);
      t.app.jobs.define(hooks);
      await t.app.jobs.enqueue(hooks, { n: 1 }, { idempotencyKey: 'once' });
      await expect.poll(() => heard).toEqual(['webhooks']);
      // the key is taken: nothing stored, nobody told
      await t.app.jobs.enqueue(hooks, { n: 2 }, { idempotencyKey: 'once' });
      await t.app.jobs.enqueueMany(mail, [{ n: 3 }, { n: 4 }]);
      await expect.poll(() => heard).toEqual(['webhooks', 'mail']);
    } finally {
      await stop();
    }
  });
});
