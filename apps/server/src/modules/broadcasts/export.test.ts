import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { bearer, json } from '../../../test/test-app.ts';
import { channelsTest } from '../channels/test-helpers.ts';
import { broadcastRecipients } from './broadcasts.tables.ts';
import { broadcastSetup, PATH } from './test-helpers.ts';

const app = channelsTest();

describe('broadcast results export', () => {
  it('downloads one row per recipient as csv (headers in the reader language) or xlsx, to readers of the organization only', async () => {
    const s = await broadcastSetup(app, [{ first: 'Ann' }, { first: 'Cat', whatsapp: null, phone: null }]);
    const created = await s.r.post(PATH, s.owner.token, { ...s.body(), name: 'Spring sale!' });
    expect(created.statusCode, created.body).toBe(200);
    const id = json(created).data.id;
    await s.t.app.jobs.drain();
    const sentAt = new Date('2025-05-01T08:00:00.000Z');
    await s.t.database.withWorkspace(s.owner.workspaceId, (tx) =>
      tx.update(broadcastRecipients).set({ sentAt, priceCents: 3 }).where(eq(broadcastRecipients.status, 'sent')),
    );

    const csv = await s.r.get(`${PATH}/${id}/export`, s.owner.token);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const date = new Date().toISOString().slice(0, 10);
    expect(csv.headers['content-disposition']).toContain(`filename="broadcast-spring-sale-${date}.csv"`);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n')
      .sort();
    const [ann] = await s.t.database.withWorkspace(s.owner.workspaceId, (tx) =>
      tx.select().from(broadcastRecipients).where(eq(broadcastRecipients.status, 'sent')),
    );
    expect(ann!.externalId).toBeTruthy();
    expect(lines).toEqual([
      `Ann X,85251000000,sent,,,,${ann!.externalId},3,2025-05-01T08:00:00.000Z,`,
      'Cat X,,skipped,no_number,,,,0,,',
      'customer,phone,status,skip reason,error code,error title,Meta message id,price (US cents),sent at (UTC),replied at (UTC)',
    ]);

    const chinese = await s.t.app.inject({
      method: 'GET',
      url: `${PATH}/${id}/export?format=xlsx`,
      headers: { ...bearer(s.owner.token), 'x-locale': 'zh-HK' },
    });
    expect(chinese.statusCode).toBe(200);
    expect(chinese.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(chinese.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const book = XLSX.read(chinese.rawPayload);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]!.slice(0, 3)).toEqual(['客戶', '電話', '狀態']);
    expect(rows).toHaveLength(3);

    const other = await createOwner(s.t);
    const none = await joinAs(s.t, s.owner.workspaceId, 'member', ['broadcast_write']);
    const reader = await joinAs(s.t, s.owner.workspaceId, 'member', ['broadcast_read']);
    expect((await s.r.get(`${PATH}/${id}/export`, other.token)).statusCode).toBe(404);
    expect((await s.r.get(`${PATH}/${id}/export`, none.token)).statusCode).toBe(403);
    expect((await s.r.get(`${PATH}/${id}/export?format=xlsx`, reader.token)).statusCode).toBe(200);
    expect((await s.r.get(`${PATH}/${id}/export?format=pdf`, reader.token)).statusCode).toBe(400);
  });

  it('reads the recipients a page at a time, past the first thousand', async () => {
    const s = await broadcastSetup(
      app,
      Array.from({ length: 1001 }, (_, i) => ({ whatsapp: `85260${String(i).padStart(6, '0')}` })),
    );
    const created = await s.r.post(PATH, s.owner.token, {
      ...s.body(),
      send_at: Math.floor(Date.now() / 1000) + 3600,
    });
    expect(created.statusCode, created.body).toBe(200);
    const csv = await s.r.get(`${PATH}/${json(created).data.id}/export`, s.owner.token);
    const lines = csv.body.trim().split('\n').slice(1);
    expect(lines).toHaveLength(1001);
    expect(new Set(lines.map((line) => line.split(',')[1])).size).toBe(1001);
  });
});
