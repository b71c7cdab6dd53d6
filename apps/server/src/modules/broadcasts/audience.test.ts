import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { bearer, json, type TestApp } from '../../../test/test-app.ts';
import { channelsTest } from '../channels/test-helpers.ts';
import { multipart } from '../customers/import/test-helpers.ts';
import { customers } from '../customers/index.ts';
import { broadcastRecipients } from './broadcasts.tables.ts';
import { broadcastSetup, PATH, type Person } from './test-helpers.ts';

const app = channelsTest();
const setup = (people: Person[]) => broadcastSetup(app, people);

/** Uploads a file through the customer import, lets it run, and answers its report. */
async function imported(t: TestApp, token: string, content: string, options: object = { match_by: ['phone'] }) {
  const body = multipart('numbers.csv', content, options);
  const started = await t.app.inject({
    method: 'POST',
    url: '/v1/customers/import',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(started.statusCode, started.body).toBe(200);
  await t.app.jobs.drain();
  return json(await app.r.get(`/v1/customers/import/${json(started).data.job_id}`, token)).data;
}

/** The display names of a broadcast's recipients, sorted. */
const reached = (t: TestApp, workspaceId: string, broadcastId: string) =>
  t.database.withWorkspace(workspaceId, async (tx) =>
    (
      await tx
        .select({ name: customers.displayName })
        .from(broadcastRecipients)
        .innerJoin(customers, eq(customers.id, broadcastRecipients.customerId))
        .where(eq(broadcastRecipients.broadcastId, broadcastId))
    )
      .map((row) => row.name)
      .sort(),
  );

const NUMBERS = ['Name,Phone', 'Ann list,+852 5123 0001', 'Nia New,5123 0003', 'Bad Row,', ',12'].join('\n');

describe('broadcast audience', () => {
  it('reaches exactly the customers an uploaded list matched or created, refused rows aside', async () => {
    const s = await setup([
      { first: 'Ann', whatsapp: null, phone: '+85251230001' },
      { first: 'Bob', whatsapp: null, phone: '+85251230002' },
    ]);
    const report = await imported(s.t, s.owner.token, NUMBERS);
    // Ann matched and the row changed nothing (a skipped row still found her); ",12" is refused
    expect(report).toMatchObject({ status: 'done', created: 2, updated: 0, skipped: 1, error_count: 1 });

    const created = await s.r.post(PATH, s.owner.token, s.body({ audience: { import_ids: [report.job_id] } }));
    expect(created.statusCode, created.body).toBe(200);
    expect(json(created).data.progress).toMatchObject({ total: 3, pending: 2, skipped: 1 });
    // Ann matched (her name kept), Nia created, Bob not on the list; "Bad Row" was created without a number (skipped: no number)
    expect(await reached(s.t, s.owner.workspaceId, json(created).data.id)).toEqual(['Ann X', 'Bad Row', 'Nia New']);

    // the same list again with on_match skip: every row still found its customer
    const again = await imported(s.t, s.owner.token, NUMBERS, { match_by: ['phone'], on_match: 'skip' });
    expect(again).toMatchObject({ created: 0, error_count: 1 });
    const second = await s.r.post(
      PATH,
      s.owner.token,
      s.body({ audience: { import_ids: [again.job_id], customer_ids: [s.customers[1]!.id] } }),
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(await reached(s.t, s.owner.workspaceId, json(second).data.id)).toEqual([
      'Ann X',
      'Bad Row',
      'Bob X',
      'Nia New',
    ]);
  });

  it("reaches nobody with another organization's uploaded list", async () => {
    const s = await setup([{ first: 'Ann', whatsapp: null, phone: '+85251230001' }]);
    const other = await createOwner(s.t);
    const theirs = await imported(s.t, other.token, NUMBERS);
    expect(theirs).toMatchObject({ status: 'done', created: 3 });
    const answer = await s.r.post(PATH, s.owner.token, s.body({ audience: { import_ids: [theirs.job_id] } }));
    expect(answer.statusCode).toBe(400);
    expect(json(answer).error).toBe('the audience has no customers');
    expect(json(await s.r.get(PATH, s.owner.token)).data).toEqual([]);
  });

  it('narrows the segment by custom field values, with tags when both are given', async () => {
    const s = await setup([{ first: 'Gold' }, { first: 'Silver' }, { first: 'Untagged', tag: false }]);
    const field = await s.r.post('/v1/customer-fields', s.owner.token, {
      key: 'tier',
      type: 'single_select',
      label: 'Tier',
      options: ['gold', 'silver'],
    });
    expect(field.statusCode, field.body).toBe(200);
    const tiers = ['gold', 'silver', 'gold'];
    await s.t.database.withWorkspace(s.owner.workspaceId, async (tx) => {
      for (const [index, customer] of s.customers.entries())
        await tx
          .update(customers)
          .set({ customFields: { tier: tiers[index] } })
          .where(eq(customers.id, customer.id));
    });
    const send = async (audience: object) => {
      const answer = await s.r.post(PATH, s.owner.token, s.body({ audience }));
      expect(answer.statusCode, answer.body).toBe(200);
      return reached(s.t, s.owner.workspaceId, json(answer).data.id);
    };
    expect(await send({ custom_fields: { tier: 'gold' } })).toEqual(['Gold X', 'Untagged X']);
    expect(await send({ custom_fields: { tier: ['gold', 'silver'] } })).toEqual(['Gold X', 'Silver X', 'Untagged X']);
    expect(await send({ tag_ids: [s.tag.id], custom_fields: { tier: 'gold' } })).toEqual(['Gold X']);
    // chosen by hand is added to the segment, not narrowed by it
    expect(
      await send({ tag_ids: [s.tag.id], custom_fields: { tier: 'gold' }, customer_ids: [s.customers[1]!.id] }),
    ).toEqual(['Gold X', 'Silver X']);

    const unknown = await s.r.post(PATH, s.owner.token, s.body({ audience: { custom_fields: { level: 'gold' } } }));
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).error).toBe('level is not a custom field of this organization');
    const blank = await s.r.post(PATH, s.owner.token, s.body({ audience: { custom_fields: { tier: '' } } }));
    expect(json(blank).error).toBe('the audience has no customers');
    expect(json(await s.r.get(`${PATH}?size=100`, s.owner.token)).data).toHaveLength(4);
  });
});
