import * as XLSX from '@e965/xlsx';
import { zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../../test/test-app.ts';
import { join, requests } from '../../teams/test-helpers.ts';
import { multipart } from './test-helpers.ts';

let t: TestApp;
let r: ReturnType<typeof requests>;
beforeEach(async () => {
  t = await createTestApp();
  r = requests(t);
});
afterEach(() => t.close());

const upload = (token: string, fileName: string, content: Uint8Array | string, options?: object) => {
  const body = multipart(fileName, content, options);
  return t.app.inject({
    method: 'POST',
    url: '/v1/customers/import',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

/** Uploads, lets the background job run, and answers the import's report. */
async function imported(
  token: string,
  fileName: string,
  content: Uint8Array | string,
  options: object = { match_by: ['phone'] },
) {
  const started = await upload(token, fileName, content, options);
  expect(started.statusCode, started.body).toBe(200);
  await t.app.jobs.drain();
  return json(await r.get(`/v1/customers/import/${json(started).data.job_id}`, token)).data;
}

const names = async (token: string) =>
  json(await r.get('/v1/customers?sort=first_name&size=100', token)).data.map(
    (c: { display_name: string }) => c.display_name,
  );

const CSV = [
  'First Name,Last Name,Email,Phone,Tags,Tier',
  'Amy,Chan,amy@example.com,5123 4567,VIP; Lead,gold',
  'Ben,Lee,ben@example.com,12,,silver',
  ',,,,,',
  'Cara,Ng,,+852 9345 6789,Lead,',
  '',
].join('\n');

describe('customer import', () => {
  it('imports a row whose phone is invalid without the phone, counts it as imported with a warning, and changes nothing when the same file comes again', async () => {
    const owner = await createOwner(t);
    await r.post('/v1/customer-fields', owner.token, {
      key: 'tier',
      type: 'single_select',
      label: 'Tier',
      options: ['gold', 'silver'],
    });
    const first = await imported(owner.token, 'people.csv', CSV);
    expect(first).toMatchObject({
      status: 'done',
      file_name: 'people.csv',
      total: 4,
      processed: 4,
      created: 3,
      updated: 0,
      skipped: 1,
      error_count: 0,
      warning_count: 1,
      errors: [{ row: 3, level: 'warning', reason: 'Phone "12" was left out: phone number is not valid' }],
      failure: null,
    });
    expect(await names(owner.token)).toEqual(['Amy Chan', 'Ben Lee', 'Cara Ng']);
    const ben = json(await r.get('/v1/customers?keyword=ben', owner.token)).data[0];
    expect(ben).toMatchObject({ email: 'ben@example.com', phone: null, custom_fields: { tier: 'silver' } });
    const amy = json(await r.get('/v1/customers?keyword=amy', owner.token)).data[0];
    expect(amy).toMatchObject({ phone: '+85251234567', source: 'import', custom_fields: { tier: 'gold' } });
    expect(amy.tags.map((tag: { name: string }) => tag.name)).toEqual(['Lead', 'VIP']);

    const again = await imported(owner.token, 'people.csv', CSV);
    expect(again).toMatchObject({ status: 'done', created: 0, updated: 0, skipped: 4, error_count: 0 });
    expect(await names(owner.token)).toEqual(['Amy Chan', 'Ben Lee', 'Cara Ng']);

    const report = await r.get(`/v1/customers/import/${again.job_id}/errors?format=csv`, owner.token);
    expect(report.headers['content-disposition']).toMatch(/attachment; filename="import-errors-.*\.csv"/);
    expect(
      report.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\n'),
    ).toEqual(['row,level,reason', '3,warning,"Phone ""12"" was left out: phone number is not valid"']);
  });

  it("pushes the import's progress to the importer's open tabs until it is done", async () => {
    const owner = await createOwner(t);
    const ws = await t.app.injectWS(`/v1/ws?token=${owner.token}`);
    const heard: { status: string; processed: number; total: number }[] = [];
    ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString());
      if (message.action === 'customer_import.progress') heard.push(message.data);
    });
    await imported(owner.token, 'people.csv', CSV);
    await expect.poll(() => heard.at(-1)?.status, { timeout: 10_000 }).toBe('done');
    ws.terminate();
    expect(heard.at(-1)).toMatchObject({ status: 'done', processed: 4, total: 4, created: 3, warning_count: 1 });
    expect(heard.length).toBeGreaterThanOrEqual(2);
  });

  it('fills empty fields, overwrites or skips a customer found by phone or e-mail, as chosen', async () => {
    const owner = await createOwner(t);
    await r.post('/v1/customers', owner.token, {
      first_name: 'Amy',
      last_name: 'Chan',
      phone: '51234567',
      company: 'Acme',
    });
    const file = 'first_name,last_name,phone,company,city\nAmelia,Chan,+85251234567,Globex,Kowloon\n';
    expect(await imported(owner.token, 'a.csv', file, { match_by: ['phone'], on_match: 'skip' })).toMatchObject({
      skipped: 1,
      updated: 0,
    });
    expect(await imported(owner.token, 'a.csv', file, { match_by: ['phone'], on_match: 'fill_empty' })).toMatchObject({
      updated: 1,
    });
    let amy = json(await r.get('/v1/customers', owner.token)).data[0];
    expect(amy).toMatchObject({ first_name: 'Amy', company: 'Acme', city: 'Kowloon' });
    expect(await imported(owner.token, 'a.csv', file, { match_by: ['phone'], on_match: 'overwrite' })).toMatchObject({
      updated: 1,
    });
    amy = json(await r.get('/v1/customers', owner.token)).data[0];
    expect(amy).toMatchObject({ first_name: 'Amelia', company: 'Globex', city: 'Kowloon' });
    // matched by e-mail only, the same phone on a new row would belong to Amy: that row is refused, not merged
    const clash = await imported(
      owner.token,
      'b.csv',
      'first_name,last_name,email,phone\nBen,Lee,ben@example.com,51234567\n',
      {
        match_by: ['email'],
      },
    );
    expect(clash.errors).toEqual([
      { row: 2, level: 'error', reason: 'this phone number belongs to customer Amy Chan' },
    ]);
  });

  it('drops a NUL character that PostgreSQL cannot store instead of failing the chunk it is in', async () => {
    const owner = await createOwner(t);
    // past the first 64 KB, where a control character no longer marks the file as binary
    const filler = Array.from({ length: 2000 }, (_, i) => `Filler,Row${i},filler${i}@example.com`);
    const csv = ['first_name,last_name,email', ...filler, 'Amy\u0000,Chan,amy@example.com'].join('\n');
    const report = await imported(owner.token, 'nul.csv', csv, { match_by: ['email'] });
    expect(report).toMatchObject({ status: 'done', created: 2001, error_count: 0 });
    const found = json(await r.get('/v1/customers?keyword=amy%40example.com', owner.token)).data;
    expect(found.map((customer: { first_name: string }) => customer.first_name)).toEqual(['Amy']);
  });

  it('maps columns as chosen and reads .xlsx, .xls and CSV in UTF-16, Big5 and GB18030', async () => {
    const owner = await createOwner(t);
    const mapped = await imported(owner.token, 'm.csv', 'Given,Family,Mobile,Ignore me\nAmy,Chan,51234567,x\n', {
      match_by: ['phone'],
      mapping: { Given: 'first_name', Family: 'last_name', Mobile: 'phone', 'Ignore me': '' },
    });
    expect(mapped).toMatchObject({ created: 1, error_count: 0 });

    const sheet = XLSX.utils.aoa_to_sheet([
      ['first_name', 'last_name', 'phone'],
      ['Ben', 'Lee', '62345678'],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'people');
    const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    expect(await imported(owner.token, 'p.xlsx', xlsx)).toMatchObject({ created: 1, error_count: 0 });
    sheet.A2 = { t: 's', v: 'Cara' };
    sheet.B2 = { t: 's', v: 'Ng' };
    sheet.C2 = { t: 's', v: '93456789' };
    const xls = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    expect(await imported(owner.token, 'p.xls', xls)).toMatchObject({ created: 1, error_count: 0 });

    const chinese = 'first_name,last_name,phone\n小明,陳,91234567\n';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(chinese, 'utf-16le')]);
    expect(await imported(owner.token, 'u16.csv', utf16)).toMatchObject({ created: 1 });
    expect(
      await imported(
        owner.token,
        'big5.csv',
        iconv.encode(chinese.replace('小明', '大文').replace('9123', '9124'), 'big5'),
        { match_by: ['phone'], encoding: 'big5' },
      ),
    ).toMatchObject({ created: 1 });
    expect(
      await imported(
        owner.token,
        'gb.csv',
        iconv.encode(chinese.replace('小明', '小红').replace('9123', '9125'), 'gb18030'),
        { match_by: ['phone'], encoding: 'gb18030' },
      ),
    ).toMatchObject({ created: 1 });
    expect(await names(owner.token)).toEqual(
      expect.arrayContaining(['Amy Chan', 'Ben Lee', 'Cara Ng', '小明 陳', '大文 陳', '小红 陳']),
    );
  });

  it('refuses a wrong file type, a binary .csv, a missing update option and an unknown mapping at once, and a file over 20 MB', async () => {
    const owner = await createOwner(t);
    const refused = async (name: string, content: string | Uint8Array, options: object = { match_by: ['phone'] }) => {
      const answer = await upload(owner.token, name, content, options);
      return { status: answer.statusCode, error: json(answer).error };
    };
    expect(await refused('people.pdf', 'x')).toEqual({ status: 400, error: 'invalid file type for import' });
    expect(await refused('people.csv', zipSync({ 'a.txt': new Uint8Array([1, 2, 3]) }))).toEqual({
      status: 400,
      error: 'invalid file type for import',
    });
    expect(await refused('people.xlsx', 'first_name\nAmy')).toEqual({
      status: 400,
      error: 'invalid file type for import',
    });
    expect(await refused('people.csv', CSV, { match_by: [] })).toEqual({
      status: 400,
      error: 'choose at least one update option: match by phone or by e-mail',
    });
    expect((await refused('people.csv', CSV, { match_by: ['phone'], mapping: { Tier: 'password' } })).status).toBe(400);
    expect(
      (await upload(owner.token, 'big.csv', Buffer.alloc(21 * 1024 * 1024, 65), { match_by: ['phone'] })).statusCode,
    ).toBe(413);
    expect(json(await r.get('/v1/customers/imports', owner.token)).data).toEqual([]);
  });

  it('keeps imports and their reports to the organization and to holders of customer_import', async () => {
    const owner = await createOwner(t);
    const report = await imported(owner.token, 'people.csv', CSV);
    const other = await createOwner(t);
    expect((await r.get(`/v1/customers/import/${report.job_id}`, other.token)).statusCode).toBe(404);
    expect((await r.get(`/v1/customers/import/${report.job_id}/errors`, other.token)).statusCode).toBe(404);
    expect(json(await r.get('/v1/customers/imports', other.token)).data).toEqual([]);
    const member = await join(t, owner.workspaceId, 'member', ['customer_read', 'customer_write']);
    expect((await upload(member.token, 'people.csv', CSV, { match_by: ['phone'] })).statusCode).toBe(403);
    expect((await r.get(`/v1/customers/import/${report.job_id}`, member.token)).statusCode).toBe(403);
    expect((await r.get('/v1/customers/export', member.token)).statusCode).toBe(403);
  });
});

describe('lenient import of messy files', () => {
  it('reads a BOM, semicolons, blank lines, extra cells, long values and formulas as row warnings, refusing only rows nothing identifies', async () => {
    const owner = await createOwner(t);
    await r.post('/v1/customer-fields', owner.token, { key: 'birthday', type: 'date', label: 'Birthday' });
    await r.post('/v1/customer-fields', owner.token, { key: 'score', type: 'number', label: 'Score' });
    const long = 'x'.repeat(300);
    const csv = [
      'First Name;Last Name;E-mail;Phone;Company;Birthday;Score',
      'Amy;Chan;amy@@example.com;51234567;Acme;1990-02-31;12',
      '',
      ';;;;Lonely Company;;',
      `Ben;Lee;ben@example.com;not a phone;${long};1990-05-01;lots`,
      ';;cara@example.com;;;;;surplus;more',
      'Dan;Wu;=HYPERLINK("http://evil.example");;;;',
      ';;;12;Acme;;',
      'Eve;Ng;amy2@example.com;51234567;;;',
      ' ; ; ; ; ; ; ',
    ].join('\r\n');
    const report = await imported(owner.token, 'messy.csv', `\ufeff${csv}`, { match_by: ['email'] });
    expect(report).toMatchObject({ status: 'done', total: 8, created: 4, updated: 0, error_count: 3 });
    const byRow = (row: number) =>
      report.errors.filter((issue: { row: number }) => issue.row === row).map((issue: object) => issue);
    expect(byRow(2)).toEqual([
      { row: 2, level: 'warning', reason: 'Birthday "1990-02-31" was left out: Birthday must be a date (YYYY-MM-DD)' },
      { row: 2, level: 'warning', reason: 'E-mail "amy@@example.com" was left out: invalid email format' },
    ]);
    expect(byRow(3)).toEqual([]);
    expect(byRow(4)).toEqual([
      {
        row: 4,
        level: 'error',
        reason:
          'nothing in this row identifies a customer: it needs a name, an e-mail address, a phone number or a channel id',
      },
    ]);
    expect(byRow(5)).toEqual([
      { row: 5, level: 'warning', reason: 'Score "lots" was left out: Score must be a number' },
      { row: 5, level: 'warning', reason: 'Phone "not a phone" was left out: phone number is not valid' },
      { row: 5, level: 'warning', reason: 'Company was cut to its first 200 characters' },
    ]);
    expect(byRow(6)).toEqual([
      {
        row: 6,
        level: 'warning',
        reason: 'this row has 2 filled cells past the last column of the header: they were not imported',
      },
    ]);
    expect(byRow(7)).toEqual([
      {
        row: 7,
        level: 'warning',
        reason: 'E-mail "=HYPERLINK("http://evil.example")" looks like a spreadsheet formula: it was imported as text',
      },
      {
        row: 7,
        level: 'warning',
        reason: 'E-mail "=HYPERLINK("http://evil.example")" was left out: invalid email format',
      },
    ]);
    expect(byRow(8)[0]).toMatchObject({ level: 'error' });
    expect(byRow(8)[0].reason).toContain('Phone "12" was left out: phone number is not valid');
    // the same phone as row 2: the sentence names the earlier row, never "(-)"
    expect(byRow(9)).toEqual([
      { row: 9, level: 'error', reason: 'Phone +85251234567 is already on row 2 of this file' },
    ]);
    expect(report.warning_count).toBe(
      report.errors.filter((issue: { level: string }) => issue.level === 'warning').length,
    );

    const people = json(await r.get('/v1/customers?sort=display_name&asc=true', owner.token)).data;
    expect(people.map((c: { display_name: string }) => c.display_name)).toEqual([
      'Amy Chan',
      'Ben Lee',
      'cara@example.com',
      'Dan Wu',
    ]);
    expect(people[0]).toMatchObject({ email: null, phone: '+85251234567', custom_fields: { score: 12 } });
    expect(people[1]).toMatchObject({
      phone: null,
      company: 'x'.repeat(200),
      custom_fields: { birthday: '1990-05-01' },
    });
    expect(people[2]).toMatchObject({ first_name: '', last_name: '', email: 'cara@example.com' });
  });

  it('lists past imports newest first with who, file and counts, pages them, and keeps them and their reports to the organization', async () => {
    const owner = await createOwner(t);
    const first = await imported(owner.token, 'first.csv', CSV);
    const second = await imported(owner.token, 'second.csv', 'first_name,last_name\nZed,Ko\n');
    const listed = json(await r.get('/v1/customers/imports?page=1&size=1', owner.token));
    expect(listed.page).toMatchObject({ page: 1, size: 1, total: 2, total_pages: 2 });
    expect(listed.data).toEqual([
      expect.objectContaining({
        job_id: second.job_id,
        file_name: 'second.csv',
        status: 'done',
        created: 1,
        error_count: 0,
        warning_count: 0,
        user_name: owner.user.displayName,
        errors: [],
      }),
    ]);
    const next = json(await r.get('/v1/customers/imports?page=2&size=1', owner.token)).data;
    expect(next).toEqual([expect.objectContaining({ job_id: first.job_id, file_name: 'first.csv', warning_count: 1 })]);
    const report = await r.get(`/v1/customers/import/${first.job_id}/errors?format=csv`, owner.token);
    expect(report.statusCode).toBe(200);
    expect(report.body).toContain('3,warning,');

    const other = await createOwner(t);
    expect(json(await r.get('/v1/customers/imports', other.token)).data).toEqual([]);
    expect((await r.get(`/v1/customers/import/${first.job_id}/errors?format=csv`, other.token)).statusCode).toBe(404);
    const member = await join(t, owner.workspaceId, 'member', ['customer_read', 'customer_write']);
    expect((await r.get('/v1/customers/imports', member.token)).statusCode).toBe(403);
    expect((await r.get(`/v1/customers/import/${first.job_id}/errors`, member.token)).statusCode).toBe(403);
    expect((await r.get('/v1/customers/imports?size=0', owner.token)).statusCode).toBe(400);
  });
});

describe('import preview', () => {
  it('shows the columns, first rows, the mapping by header and the problems of the first rows, importing nothing', async () => {
    const owner = await createOwner(t);
    await r.post('/v1/customer-fields', owner.token, {
      key: 'tier',
      type: 'single_select',
      label: 'Tier',
      options: ['gold', 'silver'],
    });
    const body = multipart('people.csv', CSV, { match_by: ['phone'] });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/v1/customers/import/preview',
      headers: { ...bearer(owner.token), ...body.headers },
      payload: body.payload,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(json(answer).data).toEqual({
      header: ['First Name', 'Last Name', 'Email', 'Phone', 'Tags', 'Tier'],
      rows: CSV.split('\n')
        .slice(1, 5)
        .map((line) => line.split(',')),
      total: 4,
      mapping: ['first_name', 'last_name', 'email', 'phone', 'tags', 'tier'],
      problems: [{ row: 3, level: 'warning', reason: 'Phone "12" was left out: phone number is not valid' }],
    });
    expect(json(await r.get('/v1/customers', owner.token)).data).toEqual([]);
  });
});

describe('customer export', () => {
  it('exports the filtered list as CSV and .xlsx with custom fields as columns, escaping cells a spreadsheet would run', async () => {
    const owner = await createOwner(t);
    await r.post('/v1/customer-fields', owner.token, { key: 'tier', type: 'text', label: 'Tier' });
    const vip = json(await r.post('/v1/customer-tags', owner.token, { name: 'VIP' })).data;
    await r.post('/v1/customers', owner.token, {
      first_name: 'Amy',
      last_name: 'Chan',
      phone: '51234567',
      note: '=HYPERLINK("http://evil")',
      tag_ids: [vip.id],
      custom_fields: { tier: 'gold' },
    });
    await r.post('/v1/customers', owner.token, { first_name: 'Ben', last_name: 'Lee' });

    const csv = await r.get(`/v1/customers/export?format=csv&tags=${vip.id}`, owner.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = XLSX.utils.sheet_to_json<string[]>(
      XLSX.read(csv.body.replace(/^\ufeff/, ''), { type: 'string', raw: true }).Sheets.Sheet1!,
      {
        header: 1,
        raw: false,
      },
    );
    expect(lines).toHaveLength(2);
    const header = lines[0]!;
    const amy = Object.fromEntries(header.map((name, index) => [name, lines[1]![index] ?? '']));
    expect(amy).toMatchObject({
      first_name: 'Amy',
      phone: '+85251234567',
      tags: 'VIP',
      tier: 'gold',
      note: `'=HYPERLINK("http://evil")`,
    });

    const xlsx = await r.get('/v1/customers/export?format=xlsx', owner.token);
    expect(xlsx.headers['content-disposition']).toMatch(/filename="customers-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(XLSX.read(xlsx.rawPayload).Sheets.customers!, {
      defval: '',
    });
    expect(rows.map((row) => row.first_name)).toEqual(['Ben', 'Amy']);
    expect(rows[1]).toMatchObject({ last_name: 'Chan', tier: 'gold', tags: 'VIP' });

    const example = await r.get('/v1/customers/import/example?format=xlsx', owner.token);
    const sample = XLSX.utils.sheet_to_json<Record<string, string>>(XLSX.read(example.rawPayload).Sheets.customers!);
    expect(sample[0]).toMatchObject({ first_name: 'Amy', phone: '+852 5123 4567', tier: 'A-1001' });
  });
});
