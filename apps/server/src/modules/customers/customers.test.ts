import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { join, requests } from '../teams/test-helpers.ts';
import { customers } from './customers.tables.ts';

let t: TestApp;
let r: ReturnType<typeof requests>;
beforeEach(async () => {
  t = await createTestApp();
  r = requests(t);
});
afterEach(() => t.close());

const rowsOf = (workspaceId: string) => t.database.withWorkspace(workspaceId, (tx) => tx.select().from(customers));

describe('customers', () => {
  it('creates a customer with the phone in E.164 (read in the organization country), then shows, lists, changes and deletes it', async () => {
    const owner = await createOwner(t);
    const created = await r.post('/v1/customers', owner.token, {
      salutation: 'ms',
      first_name: ' Amy ',
      last_name: 'Chan',
      company: 'Acme',
      email: 'Amy@Example.com',
      phone: '5123 4567',
      country: 'hk',
      note: 'prefers WhatsApp',
    });
    expect(created.statusCode).toBe(200);
    const amy = json(created).data;
    expect(amy).toMatchObject({
      salutation: 'ms',
      first_name: 'Amy',
      last_name: 'Chan',
      display_name: 'Amy Chan',
      company: 'Acme',
      email: 'amy@example.com',
      phone: '+85251234567',
      country: 'HK',
      source: 'manual',
      tags: [],
      custom_fields: {},
    });
    expect(json(await r.get(`/v1/customers/${amy.id}`, owner.token)).data).toEqual(amy);

    const listed = json(await r.get('/v1/customers', owner.token));
    expect(listed.data.map((c: { id: string }) => c.id)).toEqual([amy.id]);
    expect(listed.page).toEqual({ page: 1, size: 20, total: 1, total_pages: 1 });

    // the display name followed the names, so it follows the new last name; a cleared phone is gone
    const changed = json(await r.put(`/v1/customers/${amy.id}`, owner.token, { last_name: 'Wong', phone: null })).data;
    expect(changed).toMatchObject({ display_name: 'Amy Wong', phone: null, email: 'amy@example.com' });
    const named = json(await r.put(`/v1/customers/${amy.id}`, owner.token, { display_name: 'Ms Wong' })).data;
    expect(named.display_name).toBe('Ms Wong');
    expect(json(await r.put(`/v1/customers/${amy.id}`, owner.token, { first_name: 'Amelia' })).data.display_name).toBe(
      'Ms Wong',
    );

    expect((await r.del(`/v1/customers/${amy.id}`, owner.token)).statusCode).toBe(200);
    expect((await r.get(`/v1/customers/${amy.id}`, owner.token)).statusCode).toBe(404);
    expect(await rowsOf(owner.workspaceId)).toEqual([]);
  });

  it('answers the SPEC 5 messages for names and a clear error for a phone, e-mail or country it cannot read, storing nothing', async () => {
    const owner = await createOwner(t);
    const cases: [object, string, string][] = [
      [{ last_name: 'Chan' }, 'first_name', 'first name is required'],
      [{ first_name: ' ', last_name: 'Chan' }, 'first_name', 'first name is required'],
      [{ first_name: 'A'.repeat(50), last_name: 'Chan' }, 'first_name', 'first name must be less than 50 characters'],
      [{ first_name: 'Amy', last_name: 'C'.repeat(50) }, 'last_name', 'last name must be less than 50 characters'],
      [
        { first_name: 'Amy', last_name: 'Chan', display_name: 'D'.repeat(100) },
        'display_name',
        'display name must be less than 100 characters',
      ],
      [{ first_name: 'Amy', last_name: 'Chan', phone: '12' }, 'phone', 'phone number is not valid'],
      [{ first_name: 'Amy', last_name: 'Chan', email: 'amy@' }, 'email', 'invalid email format'],
      [
        { first_name: 'Amy', last_name: 'Chan', country: 'XX' },
        'country',
        'country must be a two-letter ISO 3166 code',
      ],
      [
        { first_name: 'Amy', last_name: 'Chan', salutation: 'sir' },
        'salutation',
        'salutation must be mr, mrs, ms, dr or prof',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await r.post('/v1/customers', owner.token, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(answer).fields[field], JSON.stringify(payload)).toBe(message);
    }
    expect(await rowsOf(owner.workspaceId)).toEqual([]);
  });

  it('refuses a second customer with the same e-mail, phone or channel id with a 409 naming the holder; another organization may use them', async () => {
    const owner = await createOwner(t);
    const amy = json(
      await r.post('/v1/customers', owner.token, {
        first_name: 'Amy',
        last_name: 'Chan',
        email: 'amy@example.com',
        phone: '+852 5123 4567',
        whatsapp_id: '85251234567',
      }),
    ).data;
    const clashes: [object, string, string][] = [
      [{ email: 'AMY@example.com' }, 'email', 'this e-mail address belongs to customer Amy Chan'],
      [{ phone: '51234567' }, 'phone', 'this phone number belongs to customer Amy Chan'],
      [{ whatsapp_id: '85251234567' }, 'whatsapp_id', 'this WhatsApp id belongs to customer Amy Chan'],
    ];
    for (const [fields, field, text] of clashes) {
      const answer = await r.post('/v1/customers', owner.token, { first_name: 'Ben', last_name: 'Lee', ...fields });
      expect(answer.statusCode).toBe(409);
      const body = json(answer);
      expect(body.error).toBe(text);
      expect(body.fields[field]).toBe(body.error);
      expect(body.details).toEqual({ existing: { id: amy.id, display_name: 'Amy Chan' } });
    }
    const ben = json(await r.post('/v1/customers', owner.token, { first_name: 'Ben', last_name: 'Lee' })).data;
    expect((await r.put(`/v1/customers/${ben.id}`, owner.token, { phone: '5123 4567' })).statusCode).toBe(409);
    expect((await r.put(`/v1/customers/${amy.id}`, owner.token, { phone: '5123 4567' })).statusCode).toBe(200);

    const other = await createOwner(t);
    const same = await r.post('/v1/customers', other.token, {
      first_name: 'Amy',
      last_name: 'Chan',
      email: 'amy@example.com',
      phone: '51234567',
    });
    expect(same.statusCode).toBe(200);
  });

  it('finds customers by part of a name, e-mail, company or phone, sorts on the server and pages', async () => {
    const owner = await createOwner(t);
    const people = [
      ['Amy', 'Chan', 'amy@acme.com', 'Acme', '+85251234567'],
      ['Ben', 'Lee', 'ben@globex.com', 'Globex', '+85262345678'],
      ['Cara', 'Ng', 'cara@acme.com', 'Acme', '+85293456789'],
    ];
    for (const [first_name, last_name, email, company, phone] of people)
      await r.post('/v1/customers', owner.token, { first_name, last_name, email, company, phone });
    const names = async (query: string) =>
      json(await r.get(`/v1/customers?${query}`, owner.token)).data.map(
        (c: { display_name: string }) => c.display_name,
      );

    expect(await names('keyword=am&sort=display_name')).toEqual(['Amy Chan']);
    expect(await names('keyword=ACME&sort=display_name')).toEqual(['Amy Chan', 'Cara Ng']);
    expect(await names(`keyword=${encodeURIComponent('6234 5')}`)).toEqual(['Ben Lee']);
    expect(await names('keyword=globex.com')).toEqual(['Ben Lee']);
    expect(await names('keyword=100%25')).toEqual([]);
    expect(await names('sort=display_name&asc=false')).toEqual(['Cara Ng', 'Ben Lee', 'Amy Chan']);
    expect(await names('sort=first_name&size=2&page=2')).toEqual(['Cara Ng']);
    const page = json(await r.get('/v1/customers?size=2&page=5', owner.token));
    expect(page.data).toEqual([]);
    expect(page.page).toEqual({ page: 5, size: 2, total: 3, total_pages: 2 });
    expect((await r.get('/v1/customers?sort=password', owner.token)).statusCode).toBe(400);
  });
});

describe('customer tags', () => {
  it('creates tags with unique names, tags customers one by one and in bulk, and filters by any or all tags', async () => {
    const owner = await createOwner(t);
    const tag = async (name: string) => json(await r.post('/v1/customer-tags', owner.token, { name })).data;
    const vip = await tag('VIP');
    const lead = await tag('Lead');
    expect(vip).toMatchObject({ name: 'VIP', customer_count: 0, color: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    const clash = await r.post('/v1/customer-tags', owner.token, { name: 'vip' });
    expect(clash.statusCode).toBe(409);
    expect(json(clash).fields.name).toBe('a tag with this name already exists');
    expect(json(await r.post('/v1/customer-tags', owner.token, { name: '' })).fields.name).toBe(
      'unique tag is required',
    );
    expect(json(await r.post('/v1/customer-tags', owner.token, { name: 'x'.repeat(50) })).fields.name).toBe(
      'tag must be less than 50 characters',
    );

    const add = async (first_name: string, tag_ids: string[] = []) =>
      json(await r.post('/v1/customers', owner.token, { first_name, last_name: 'Test', tag_ids })).data;
    const amy = await add('Amy', [vip.id]);
    const ben = await add('Ben');
    const cara = await add('Cara');
    expect(amy.tags).toEqual([{ id: vip.id, name: 'VIP', color: vip.color }]);

    const bulk = await r.post('/v1/customers/bulk-tags', owner.token, {
      customer_ids: [amy.id, ben.id],
      add_tag_ids: [lead.id],
    });
    expect(json(bulk).data).toEqual({ updated: 2 });
    const byTags = async (query: string) =>
      json(await r.get(`/v1/customers?sort=first_name&${query}`, owner.token)).data.map(
        (c: { first_name: string }) => c.first_name,
      );
    expect(await byTags(`tags=${vip.id},${lead.id}&tag_mode=any`)).toEqual(['Amy', 'Ben']);
    expect(await byTags(`tags=${vip.id},${lead.id}&tag_mode=all`)).toEqual(['Amy']);
    const totalOf = async (query: string) => json(await r.get(`/v1/customers?${query}`, owner.token)).page.total;
    expect(await totalOf(`tags=${vip.id},${lead.id}&tag_mode=any`)).toBe(2);
    expect(await totalOf(`tags=${vip.id},${lead.id},${vip.id}&tag_mode=all`)).toBe(1);
    expect(await totalOf(`tags=${vip.id},${lead.id}&tag_mode=all&keyword=ben`)).toBe(0);

    // everyone matching a filter: those without the tag VIP are all but Amy; here, whoever matches "a" in the name
    const byFilter = await r.post('/v1/customers/bulk-tags', owner.token, {
      filter: { keyword: 'cara' },
      add_tag_ids: [vip.id],
      remove_tag_ids: [lead.id],
    });
    expect(json(byFilter).data).toEqual({ updated: 1 });
    expect(await byTags(`tags=${vip.id}`)).toEqual(['Amy', 'Cara']);
    await r.post('/v1/customers/bulk-tags', owner.token, { customer_ids: [amy.id], remove_tag_ids: [vip.id] });
    expect(await byTags(`tags=${vip.id}`)).toEqual(['Cara']);
    expect((await r.get('/v1/customer-tags', owner.token)).json().data).toEqual([
      expect.objectContaining({ name: 'Lead', customer_count: 2 }),
      expect.objectContaining({ name: 'VIP', customer_count: 1 }),
    ]);
    void cara;

    const tooMany = await r.post('/v1/customers/bulk-tags', owner.token, {
      customer_ids: Array.from({ length: 1001 }, () => amy.id),
      add_tag_ids: [vip.id],
    });
    expect(tooMany.statusCode).toBe(400);
    expect((await r.post('/v1/customers/bulk-tags', owner.token, { add_tag_ids: [vip.id] })).statusCode).toBe(400);

    expect((await r.del(`/v1/customer-tags/${lead.id}`, owner.token)).statusCode).toBe(200);
    expect(json(await r.get(`/v1/customers/${ben.id}`, owner.token)).data.tags).toEqual([]);
  });
});

describe('custom fields', () => {
  it('checks each value by its field type, requires required ones, filters by them and drops a deleted field', async () => {
    const owner = await createOwner(t);
    const field = async (body: object) => {
      const answer = await r.post('/v1/customer-fields', owner.token, body);
      expect(answer.statusCode, answer.body).toBe(200);
      return json(answer).data;
    };
    await field({
      key: 'tier',
      type: 'single_select',
      label: 'Tier',
      labels: { 'zh-hk': '等級' },
      options: ['gold', 'silver'],
    });
    await field({ key: 'interests', type: 'multi_select', label: 'Interests', options: ['golf', 'tennis', 'chess'] });
    await field({ key: 'spend', type: 'number', label: 'Spend' });
    await field({ key: 'birthday', type: 'date', label: 'Birthday' });
    await field({ key: 'vip', type: 'boolean', label: 'VIP' });
    await field({ key: 'member_no', type: 'text', label: 'Member number', required: true });
    expect(
      (await r.post('/v1/customer-fields', owner.token, { key: 'tier', type: 'text', label: 'x' })).statusCode,
    ).toBe(409);
    const noOptions = await r.post('/v1/customer-fields', owner.token, {
      key: 'size',
      type: 'single_select',
      label: 'Size',
    });
    expect(json(noOptions).fields.options).toBe('a select field needs at least one option');
    expect(
      json(await r.post('/v1/customer-fields', owner.token, { key: 'Bad Key', type: 'text', label: 'x' })).fields.key,
    ).toMatch(/^key must start/);
    expect(json(await r.get('/v1/customer-fields', owner.token)).data.map((f: { key: string }) => f.key)).toEqual([
      'tier',
      'interests',
      'spend',
      'birthday',
      'vip',
      'member_no',
    ]);

    const base = { first_name: 'Amy', last_name: 'Chan' };
    const refused = async (custom_fields: object) =>
      json(await r.post('/v1/customers', owner.token, { ...base, custom_fields }));
    expect((await refused({})).fields['custom_fields.member_no']).toBe('Member number is required');
    const wrong = await refused({
      member_no: 'A1',
      tier: 'bronze',
      spend: 'lots',
      birthday: '2024-02-30',
      vip: 'maybe',
      colour: 'red',
    });
    expect(wrong.fields).toEqual({
      'custom_fields.tier': 'Tier must be one of: gold, silver',
      'custom_fields.spend': 'Spend must be a number',
      'custom_fields.birthday': 'Birthday must be a date (YYYY-MM-DD)',
      'custom_fields.vip': 'VIP must be yes or no',
      'custom_fields.colour': 'colour is not a custom field of this organization',
    });

    const amy = json(
      await r.post('/v1/customers', owner.token, {
        ...base,
        custom_fields: {
          member_no: 'A1',
          tier: 'gold',
          interests: ['golf', 'chess'],
          spend: 12.5,
          birthday: '1990-05-01',
          vip: true,
        },
      }),
    ).data;
    expect(amy.custom_fields).toEqual({
      member_no: 'A1',
      tier: 'gold',
      interests: ['golf', 'chess'],
      spend: 12.5,
      birthday: '1990-05-01',
      vip: true,
    });
    await r.post('/v1/customers', owner.token, {
      first_name: 'Ben',
      last_name: 'Lee',
      custom_fields: { member_no: 'B2', tier: 'silver', interests: ['tennis'] },
    });
    const filtered = async (filter: object) =>
      json(
        await r.get(`/v1/customers?custom_fields=${encodeURIComponent(JSON.stringify(filter))}`, owner.token),
      ).data.map((c: { first_name: string }) => c.first_name);
    expect(await filtered({ tier: 'gold' })).toEqual(['Amy']);
    expect(await filtered({ interests: ['tennis', 'chess'] })).toEqual(expect.arrayContaining(['Amy', 'Ben']));
    expect(await filtered({ interests: 'golf', tier: 'silver' })).toEqual([]);
    expect(await filtered({ nope: 'x' })).toEqual([]);
    expect((await r.get('/v1/customers?custom_fields=%7Bnot-json', owner.token)).statusCode).toBe(400);

    // an update of other fields keeps the values; null clears one
    const cleared = json(await r.put(`/v1/customers/${amy.id}`, owner.token, { custom_fields: { spend: null } })).data;
    expect(cleared.custom_fields).not.toHaveProperty('spend');
    const fields = json(await r.get('/v1/customer-fields', owner.token)).data;
    const tier = fields.find((f: { key: string }) => f.key === 'tier');
    expect((await r.del(`/v1/customer-fields/${tier.id}`, owner.token)).statusCode).toBe(200);
    expect(json(await r.get(`/v1/customers/${amy.id}`, owner.token)).data.custom_fields).not.toHaveProperty('tier');
  });
});

describe('customers across organizations and roles', () => {
  it("never shows or changes another organization's customers, tags or fields", async () => {
    const owner = await createOwner(t);
    const amy = json(
      await r.post('/v1/customers', owner.token, { first_name: 'Amy', last_name: 'Chan', email: 'amy@example.com' }),
    ).data;
    const vip = json(await r.post('/v1/customer-tags', owner.token, { name: 'VIP' })).data;
    const field = json(
      await r.post('/v1/customer-fields', owner.token, { key: 'tier', type: 'text', label: 'Tier' }),
    ).data;

    const other = await createOwner(t);
    expect((await r.get(`/v1/customers/${amy.id}`, other.token)).statusCode).toBe(404);
    expect((await r.put(`/v1/customers/${amy.id}`, other.token, { first_name: 'Eve' })).statusCode).toBe(404);
    expect((await r.del(`/v1/customers/${amy.id}`, other.token)).statusCode).toBe(404);
    expect((await r.put(`/v1/customer-tags/${vip.id}`, other.token, { name: 'Mine' })).statusCode).toBe(404);
    expect((await r.del(`/v1/customer-tags/${vip.id}`, other.token)).statusCode).toBe(404);
    expect((await r.del(`/v1/customer-fields/${field.id}`, other.token)).statusCode).toBe(404);
    expect(json(await r.get('/v1/customers', other.token)).data).toEqual([]);
    expect(json(await r.get('/v1/customer-tags', other.token)).data).toEqual([]);
    expect(json(await r.get(`/v1/customers?tags=${vip.id}`, other.token)).data).toEqual([]);
    // a search runs with its organization named (as the system role, for its indexes): still only one's own
    await r.post('/v1/customers', other.token, { first_name: 'Amy', last_name: 'Other' });
    await r.post('/v1/customer-fields', other.token, { key: 'tier', type: 'text', label: 'Tier' });
    const search = json(await r.get('/v1/customers?keyword=amy', other.token));
    expect(search.data.map((c: { display_name: string }) => c.display_name)).toEqual(['Amy Other']);
    expect(search.page.total).toBe(1);
    await r.put(`/v1/customers/${amy.id}`, owner.token, { custom_fields: { tier: 'gold' } });
    const byField = `/v1/customers?custom_fields=${encodeURIComponent(JSON.stringify({ tier: 'gold' }))}`;
    expect(json(await r.get(byField, other.token)).data).toEqual([]);
    expect(json(await r.get(byField, owner.token)).data.map((c: { id: string }) => c.id)).toEqual([amy.id]);

    // another organization's tag cannot be put on one's own customer, nor its customers tagged in bulk
    const eve = json(await r.post('/v1/customers', other.token, { first_name: 'Eve', last_name: 'Ng' })).data;
    const foreignTag = await r.post('/v1/customers', other.token, {
      first_name: 'Zed',
      last_name: 'Ng',
      tag_ids: [vip.id],
    });
    expect(json(foreignTag).fields.tag_ids).toBe('a chosen tag does not exist in this organization');
    const otherTag = json(await r.post('/v1/customer-tags', other.token, { name: 'Mine' })).data;
    const bulk = await r.post('/v1/customers/bulk-tags', other.token, {
      customer_ids: [amy.id, eve.id],
      add_tag_ids: [otherTag.id],
    });
    expect(json(bulk).data).toEqual({ updated: 1 });

    const mine = json(await r.get(`/v1/customers/${amy.id}`, owner.token)).data;
    expect(mine).toMatchObject({ first_name: 'Amy', tags: [] });
    expect(json(await r.get('/v1/customer-tags', owner.token)).data).toEqual([
      expect.objectContaining({ name: 'VIP' }),
    ]);
  });

  it('lets viewers read only, and refuses a member without the customer permissions', async () => {
    const owner = await createOwner(t);
    const amy = json(await r.post('/v1/customers', owner.token, { first_name: 'Amy', last_name: 'Chan' })).data;
    const viewer = await join(t, owner.workspaceId, 'viewer', ['customer_read', 'customer_write']);
    expect((await r.get('/v1/customers', viewer.token)).statusCode).toBe(200);
    expect((await r.get(`/v1/customers/${amy.id}`, viewer.token)).statusCode).toBe(200);
    expect((await r.post('/v1/customers', viewer.token, { first_name: 'Ben', last_name: 'Lee' })).statusCode).toBe(403);
    expect((await r.put(`/v1/customers/${amy.id}`, viewer.token, { first_name: 'Eve' })).statusCode).toBe(403);
    expect((await r.post('/v1/customer-tags', viewer.token, { name: 'VIP' })).statusCode).toBe(403);

    const outsider = await join(t, owner.workspaceId, 'member', ['team_read']);
    expect((await r.get('/v1/customers', outsider.token)).statusCode).toBe(403);
    expect((await r.get('/v1/customer-fields', outsider.token)).statusCode).toBe(403);
    expect((await r.del(`/v1/customers/${amy.id}`, outsider.token)).statusCode).toBe(403);

    const member = await join(t, owner.workspaceId, 'member', ['customer_read', 'customer_write']);
    expect((await r.put(`/v1/customers/${amy.id}`, member.token, { first_name: 'Amelia' })).statusCode).toBe(200);
    const [row] = await rowsOf(owner.workspaceId);
    expect(row).toMatchObject({ firstName: 'Amelia', lastName: 'Chan' });
  });
});
