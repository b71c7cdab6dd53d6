import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { join, requests } from '../teams/test-helpers.ts';

let t: TestApp;
let r: ReturnType<typeof requests>;
beforeEach(async () => {
  t = await createTestApp();
  r = requests(t);
});
afterEach(() => t.close());

describe('duplicates and merge', () => {
  it('finds a phone that is another customer’s WhatsApp id and similar names at one company', async () => {
    const owner = await createOwner(t);
    const add = async (body: object) => json(await r.post('/v1/customers', owner.token, body)).data;
    const amy = await add({ first_name: 'Amy', last_name: 'Chan', phone: '51234567' });
    const amyWa = await add({ first_name: 'A', last_name: 'Chan', whatsapp_id: '85251234567' });
    const ben = await add({ first_name: 'Ben', last_name: 'Lee', company: 'Acme' });
    const benny = await add({ first_name: 'Benn', last_name: 'Lee', company: 'ACME' });
    await add({ first_name: 'Cara', last_name: 'Ng', company: 'Acme' });
    const found = json(await r.get('/v1/customers/duplicates', owner.token));
    const pairs = found.data.map((pair: { reason: string; customers: { id: string }[] }) => [
      pair.reason,
      pair.customers.map((c) => c.id).sort(),
    ]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['phone_whatsapp', [amy.id, amyWa.id].sort()],
        ['name_company', [ben.id, benny.id].sort()],
      ]),
    );
    expect(found.page.total).toBe(2);
  });

  it('merges two customers in one transaction, keeping chosen values, tags, notes and history, and records it', async () => {
    const owner = await createOwner(t);
    const vip = json(await r.post('/v1/customer-tags', owner.token, { name: 'VIP' })).data;
    const lead = json(await r.post('/v1/customer-tags', owner.token, { name: 'Lead' })).data;
    await r.post('/v1/customer-fields', owner.token, { key: 'tier', type: 'text', label: 'Tier' });
    const amy = json(
      await r.post('/v1/customers', owner.token, {
        first_name: 'Amy',
        last_name: 'Chan',
        phone: '51234567',
        note: 'called in May',
        tag_ids: [vip.id],
      }),
    ).data;
    const other = json(
      await r.post('/v1/customers', owner.token, {
        first_name: 'Amelia',
        last_name: 'Chan',
        email: 'amelia@example.com',
        company: 'Acme',
        note: 'met at the fair',
        tag_ids: [lead.id],
        custom_fields: { tier: 'gold' },
      }),
    ).data;
    await r.put(`/v1/customers/${other.id}`, owner.token, { city: 'Kowloon' });
    await t.app.jobs.drain();

    const merged = await r.post(`/v1/customers/${amy.id}/merge`, owner.token, {
      other_id: other.id,
      values: { first_name: 'Amelia' },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const survivor = json(merged).data;
    expect(survivor).toMatchObject({
      id: amy.id,
      first_name: 'Amelia',
      display_name: 'Amelia Chan',
      phone: '+85251234567',
      email: 'amelia@example.com',
      company: 'Acme',
      city: 'Kowloon',
      note: 'called in May\n\nmet at the fair',
      custom_fields: { tier: 'gold' },
    });
    expect(survivor.tags.map((tag: { name: string }) => tag.name)).toEqual(['Lead', 'VIP']);
    expect((await r.get(`/v1/customers/${other.id}`, owner.token)).statusCode).toBe(404);
    // the other customer's e-mail is free for the survivor and nobody else holds it
    expect(
      (await r.post('/v1/customers', owner.token, { first_name: 'X', last_name: 'Y', email: 'amelia@example.com' }))
        .statusCode,
    ).toBe(409);

    await t.app.jobs.drain();
    const history = json(await r.get(`/v1/customers/${amy.id}/timeline`, owner.token)).data;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual([
      'merged',
      'updated',
      'created',
      'created',
    ]);
    expect(history[0]).toMatchObject({ merged_name: 'Amelia Chan', actor_name: owner.user.username });
    expect(history[0].changes.email).toEqual([null, 'amelia@example.com']);
    expect(history[1].changes).toEqual({ city: [null, 'Kowloon'] });

    expect((await r.post(`/v1/customers/${amy.id}/merge`, owner.token, { other_id: amy.id })).statusCode).toBe(400);
  });

  it('pairs customers with the same name ignoring case, spaces, punctuation and accents at any company, with the reason and group size', async () => {
    const owner = await createOwner(t);
    const add = async (body: object) => json(await r.post('/v1/customers', owner.token, body)).data;
    const mei: { id: string }[] = [];
    for (const [index, [first, last]] of [
      ['Mei Ling', 'Chan'],
      ['mei ling', 'CHAN'],
      ['Méi  Ling', 'Chán'],
      ['Mei-Ling', 'Chan'],
      ['MEI LING', 'chan'],
      ['Meiling', 'Chan'],
      ['Mei Ling', 'Chan'],
    ].entries())
      mei.push(await add({ first_name: first, last_name: last, company: index % 2 ? `Company ${index}` : undefined }));
    await add({ first_name: 'Mei', last_name: 'Chen' });
    const other = await createOwner(t);
    await r.post('/v1/customers', other.token, { first_name: 'Mei Ling', last_name: 'Chan' });

    const found = json(await r.get('/v1/customers/duplicates?size=50', owner.token));
    expect(found.page.total).toBe(6);
    for (const pair of found.data) {
      expect(pair).toMatchObject({ reason: 'same_name', group_size: 7 });
      // each is paired with the oldest of the name, so merging them all into it leaves one
      expect(pair.customers[0].id).toBe(mei[0]!.id);
    }
    expect(found.data.map((pair: { customers: { id: string }[] }) => pair.customers[1]!.id).sort()).toEqual(
      mei
        .slice(1)
        .map((c) => c.id)
        .sort(),
    );
    // the other organization's Mei Ling Chan is nobody's pair here, and there alone she has no duplicate
    expect(json(await r.get('/v1/customers/duplicates', other.token)).data).toEqual([]);
  });

  it('merges several customers into one in one request, one after another, and refuses bad lists', async () => {
    const owner = await createOwner(t);
    const add = async (body: object) => json(await r.post('/v1/customers', owner.token, body)).data;
    const keep = await add({ first_name: 'Mei Ling', last_name: 'Chan', note: 'first' });
    const second = await add({ first_name: 'Mei Ling', last_name: 'Chan', email: 'mei@example.com', note: 'second' });
    const third = await add({ first_name: 'mei ling', last_name: 'chan', phone: '51234567', company: 'Acme' });
    const stranger = await createOwner(t);
    const theirs = await json(
      await r.post('/v1/customers', stranger.token, { first_name: 'Mei Ling', last_name: 'Chan' }),
    ).data;

    expect((await r.post(`/v1/customers/${keep.id}/merge`, owner.token, { other_ids: [] })).statusCode).toBe(400);
    expect((await r.post(`/v1/customers/${keep.id}/merge`, owner.token, {})).statusCode).toBe(400);
    expect(
      (await r.post(`/v1/customers/${keep.id}/merge`, owner.token, { other_ids: [second.id, keep.id] })).statusCode,
    ).toBe(400);
    // another organization's customer in the list: nothing merges
    expect(
      (await r.post(`/v1/customers/${keep.id}/merge`, owner.token, { other_ids: [second.id, theirs.id] })).statusCode,
    ).toBe(404);
    expect((await r.get(`/v1/customers/${second.id}`, owner.token)).statusCode).toBe(200);
    const viewer = await join(t, owner.workspaceId, 'viewer', ['customer_read']);
    expect((await r.post(`/v1/customers/${keep.id}/merge`, viewer.token, { other_ids: [second.id] })).statusCode).toBe(
      403,
    );

    const merged = await r.post(`/v1/customers/${keep.id}/merge`, owner.token, {
      other_ids: [second.id, third.id],
      values: { company: 'Globex' },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(json(merged).data).toMatchObject({
      id: keep.id,
      email: 'mei@example.com',
      phone: '+85251234567',
      company: 'Globex',
      note: 'first\n\nsecond',
    });
    for (const gone of [second, third])
      expect((await r.get(`/v1/customers/${gone.id}`, owner.token)).statusCode).toBe(404);
    expect(json(await r.get('/v1/customers/duplicates', owner.token)).data).toEqual([]);
    await t.app.jobs.drain();
    const history = json(await r.get(`/v1/customers/${keep.id}/timeline`, owner.token)).data;
    expect(history.filter((entry: { action: string }) => entry.action === 'merged')).toHaveLength(2);
  });

  it("never merges or shows another organization's customers", async () => {
    const owner = await createOwner(t);
    const amy = json(await r.post('/v1/customers', owner.token, { first_name: 'Amy', last_name: 'Chan' })).data;
    const other = await createOwner(t);
    const eve = json(await r.post('/v1/customers', other.token, { first_name: 'Eve', last_name: 'Ng' })).data;
    expect((await r.post(`/v1/customers/${eve.id}/merge`, other.token, { other_id: amy.id })).statusCode).toBe(404);
    expect((await r.post(`/v1/customers/${amy.id}/merge`, other.token, { other_id: eve.id })).statusCode).toBe(404);
    expect((await r.get(`/v1/customers/${amy.id}/timeline`, other.token)).statusCode).toBe(404);
    expect((await r.get(`/v1/customers/${amy.id}`, owner.token)).statusCode).toBe(200);
    expect((await r.get(`/v1/customers/${eve.id}`, other.token)).statusCode).toBe(200);
  });
});
