import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwner, useSmtpServer } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { freePort } from '../../../test/server-process.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { jobs } from '../../platform/jobs/jobs.tables.ts';
import { mailQueue } from '../../platform/mail/queued-mailer.ts';
import { requests } from '../teams/test-helpers.ts';
import { multipart } from '../webchat/test-helpers.ts';
import { EmailTemplateError, renderEmailTemplate, sendEmailTemplate } from './index.ts';

const PATH = '/v1/email-templates';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

const templateBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Welcome',
  subject: 'Hello {{customer.first_name}}',
  body_html: '<p>Dear <b>{{customer.first_name}}</b>, thanks for writing: {{message.text}}</p>',
  recipients: ['{{customer.email}}'],
  attachment_ids: [],
  ...overrides,
});

function setup(t: TestApp) {
  const r = requests(t);
  const upload = (token: string, filename = 'terms.pdf', type = 'application/pdf', content = PDF) =>
    t.app.inject({
      method: 'POST',
      url: `${PATH}/attachments`,
      ...multipart(filename, type, content),
      headers: {
        ...multipart(filename, type, content).headers,
        ...bearer(token),
      },
    });
  const create = async (token: string, overrides: Record<string, unknown> = {}) => {
    const created = await r.post(PATH, token, templateBody(overrides));
    expect(created.statusCode, created.body).toBe(200);
    return json(created).data as { id: string; body_html: string; attachments: { id: string }[] };
  };
  const customer = async (token: string, body: Record<string, unknown> = {}) => {
    const created = await r.post('/v1/customers', token, { first_name: 'Amy', last_name: 'Chan', ...body });
    expect(created.statusCode, created.body).toBe(200);
    return json(created).data as { id: string; first_name: string; email: string | null };
  };
  return { r, upload, create, customer };
}

describe('e-mail templates', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('creates, reads, lists, replaces and deletes a template with an uploaded attachment', async () => {
    const s = setup(t);
    const owner = await createOwner(t);
    const uploaded = await s.upload(owner.token);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const attachment = json(uploaded).data;
    expect(attachment).toEqual({
      id: expect.any(String),
      name: 'terms.pdf',
      size: PDF.length,
      content_type: 'application/pdf',
    });

    const created = await s.r.post(
      PATH,
      owner.token,
      templateBody({
        name: '  Welcome  ',
        recipients: ['{{customer.email}}', 'sales@example.com', 'sales@example.com'],
        attachment_ids: [attachment.id],
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const template = json(created).data;
    expect(template).toMatchObject({
      name: 'Welcome',
      subject: 'Hello {{customer.first_name}}',
      body_html: '<p>Dear <b>{{customer.first_name}}</b>, thanks for writing: {{message.text}}</p>',
      recipients: ['{{customer.email}}', 'sales@example.com'],
      attachments: [attachment],
    });
    expect(template.created_at).toBeGreaterThan(1_700_000_000);

    expect(json(await s.r.get(`${PATH}/${template.id}`, owner.token)).data).toEqual(template);
    await s.create(owner.token, { name: 'Alpha' });
    const listed = json(await s.r.get(`${PATH}?page=1&size=1`, owner.token));
    expect(listed.data.map((x: { name: string }) => x.name)).toEqual(['Alpha']);
    expect(listed.page).toMatchObject({ page: 1, size: 1, total: 2, total_pages: 2 });

    const replaced = await s.r.put(
      `${PATH}/${template.id}`,
      owner.token,
      templateBody({ name: 'Renamed', attachment_ids: [] }),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(json(replaced).data).toMatchObject({ name: 'Renamed', attachments: [] });

    const deleted = await s.r.del(`${PATH}/${template.id}`, owner.token);
    expect(json(deleted).data.message).toBe('Delete successfully');
    expect((await s.r.get(`${PATH}/${template.id}`, owner.token)).statusCode).toBe(404);
    expect((await s.r.del(`${PATH}/${template.id}`, owner.token)).statusCode).toBe(404);
  });

  it('answers each invalid field with its message', async () => {
    const s = setup(t);
    const owner = await createOwner(t);
    const bad = await s.r.post(PATH, owner.token, {
      name: ' ',
      subject: 'a\nb',
      body_html: 'x'.repeat(200 * 1024 + 1),
      recipients: ['not an address'],
      attachment_ids: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).fields).toEqual({
      name: 'template name is required',
      subject: 'subject must be on one line',
      body_html: 'the body is over 200 KB: shorten it or move pictures into attachments',
      'recipients.0': 'each recipient is an e-mail address or a variable such as {{customer.email}}',
    });
    const long = await s.r.post(
      PATH,
      owner.token,
      templateBody({
        name: 'n'.repeat(100),
        subject: 's'.repeat(999),
        recipients: Array.from({ length: 21 }, (_, i) => `a${i}@example.com`),
        attachment_ids: Array.from({ length: 11 }, () => crypto.randomUUID()),
      }),
    );
    expect(json(long).fields).toEqual({
      name: 'template name must be less than 100 characters',
      subject: 'subject must be at most 998 characters',
      recipients: 'a template has at most 20 recipients',
      attachment_ids: 'a template has at most 10 attachments',
    });
    const unknown = await s.r.post(PATH, owner.token, templateBody({ attachment_ids: [crypto.randomUUID()] }));
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).fields).toEqual({ attachment_ids: 'an attachment was not found: upload it again' });
    expect(json(await s.r.get(PATH, owner.token)).data).toEqual([]);
  });

  it('keeps only allowed tags and attributes of the body: no scripts, handlers or javascript: links', async () => {
    const s = setup(t);
    const owner = await createOwner(t);
    const template = await s.create(owner.token, {
      body_html: [
        '<h2 onclick="steal()">Hi</h2><script>alert(1)</script><style>p{}</style>',
        '<p style="color: red; position: fixed; background-image: url(x)">Red <iframe src="https://x.test"></iframe>',
        '<a href="javascript:alert(1)">bad</a> <a href="java&#115;cript:alert(2)">worse</a>',
        '<a href="https://shop.test/{{customer.id}}" target="_blank" onmouseover="x()">shop</a>',
        '<img src="data:image/png;base64,AAAA" onerror="x()"><img src="https://cdn.test/a.png" alt="logo">',
        '<custom-tag>kept text</custom-tag><ul><li>one</li></ul><!-- a comment --></p>',
      ].join(''),
    });
    expect(template.body_html).toBe(
      [
        '<h2>Hi</h2>',
        '<p style="color: red">Red ',
        '<a>bad</a> <a>worse</a>',
        '<a href="https://shop.test/{{customer.id}}" target="_blank" rel="noopener noreferrer">shop</a>',
        '<img><img src="https://cdn.test/a.png" alt="logo">',
        'kept text<ul><li>one</li></ul></p>',
      ].join(''),
    );
  });

  it('previews a template for a customer, escaping values and listing the variables without one', async () => {
    const s = setup(t);
    const owner = await createOwner(t);
    const amy = await s.customer(owner.token, { first_name: '<Amy>', email: 'amy@example.com' });
    const template = await s.create(owner.token, {
      body_html: '<p>Dear {{customer.first_name}} of {{customer.company}}: {{message.text}}{{customer.nope}}</p>',
      recipients: ['{{customer.email}}', 'sales@example.com'],
    });
    const previewed = await s.r.post(`${PATH}/${template.id}/preview`, owner.token, { customer_id: amy.id });
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(json(previewed).data).toEqual({
      subject: 'Hello <Amy>',
      html: '<p>Dear &lt;Amy&gt; of : </p>',
      to: ['amy@example.com', 'sales@example.com'],
      missing_variables: ['customer.company', 'message.text', 'customer.nope'],
    });
    expect(
      (await s.r.post(`${PATH}/${template.id}/preview`, owner.token, { customer_id: crypto.randomUUID() })).statusCode,
    ).toBe(404);
  });

  it('takes uploads up to 10 MB of the accepted types only', async () => {
    const s = setup(t);
    const owner = await createOwner(t);
    const large = await s.upload(owner.token, 'big.pdf', 'application/pdf', Buffer.alloc(10 * 1024 * 1024 + 1));
    expect(large.statusCode).toBe(413);
    expect(json(large).error).toBe('File size exceeds 10 MB limit');
    const script = await s.upload(owner.token, 'x.html', 'text/html', Buffer.from('<script></script>'));
    expect(script.statusCode).toBe(400);
    const empty = await s.upload(owner.token, 'empty.pdf', 'application/pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const exact = await s.upload(owner.token, 'exact.pdf', 'application/pdf', Buffer.alloc(10 * 1024 * 1024));
    expect(exact.statusCode, exact.body).toBe(200);
  });

  it('renders for a workflow, and fails clearly when the template is gone or has no recipient', async () => {
    const s = setup(t);
    const owner = await createOwner(t);
    const template = await s.create(owner.token, { recipients: ['{{customer.email}}'] });
    const scope = { customer: { first_name: 'Amy', email: null }, message: { text: 'Where is <my> order?' } };
    const rendered = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      renderEmailTemplate(tx, template.id, scope, 'boss@example.com'),
    );
    expect(rendered).toMatchObject({
      subject: 'Hello Amy',
      html: '<p>Dear <b>Amy</b>, thanks for writing: Where is &lt;my&gt; order?</p>',
      text: 'Dear Amy, thanks for writing: Where is <my> order?',
      to: ['boss@example.com'],
      missing: ['customer.email'],
    });
    const noRecipient = t.database.withWorkspace(owner.workspaceId, (tx) =>
      sendEmailTemplate({ mailer: t.mail }, tx, { templateId: template.id, scope }),
    );
    await expect(noRecipient).rejects.toThrow('the e-mail has no recipient');
    await s.r.del(`${PATH}/${template.id}`, owner.token);
    const gone = t.database.withWorkspace(owner.workspaceId, (tx) => renderEmailTemplate(tx, template.id, scope));
    await expect(gone).rejects.toBeInstanceOf(EmailTemplateError);
    await expect(gone).rejects.toThrow('the e-mail template no longer exists');
    expect(t.mail.sent).toEqual([]);
  });

  it('refuses another organization and members without workflow_write, changing nothing', async () => {
    const s = setup(t);
    const owner = await createOwner(t);
    const attachment = json(await s.upload(owner.token)).data;
    const template = await s.create(owner.token, { attachment_ids: [attachment.id] });
    const amy = await s.customer(owner.token);
    const snapshot = async () => json(await s.r.get(PATH, owner.token)).data;
    const before = await snapshot();
    const other = await createOwner(t);
    const member = await joinAs(t, owner.workspaceId, 'member', ['workflow_read', 'customer_read']);
    const outsider = await joinAs(t, owner.workspaceId, 'member', ['customer_read']);
    const one = `${PATH}/${template.id}`;
    const call = (method: string, url: string, token: string, payload?: object) =>
      t.app.inject({ method: method as 'GET', url, headers: bearer(token), ...(payload && { payload }) });
    const writes: ['POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['POST', PATH, templateBody({ name: 'Intruder' })],
      ['PUT', one, templateBody({ name: 'Hijacked' })],
      ['DELETE', one],
    ];
    for (const [method, url, payload] of writes) {
      for (const token of [member.token, outsider.token])
        expect((await call(method, url, token, payload)).statusCode, `${method} ${url}`).toBe(403);
      if (url !== PATH)
        expect((await call(method, url, other.token, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await s.upload(member.token)).statusCode).toBe(403);
    // another organization can neither read the template nor attach this organization's upload
    expect((await call('GET', one, other.token)).statusCode).toBe(404);
    expect((await call('POST', `${one}/preview`, other.token, { customer_id: amy.id })).statusCode).toBe(404);
    expect(json(await call('GET', PATH, other.token)).data).toEqual([]);
    const stolen = await call('POST', PATH, other.token, templateBody({ attachment_ids: [attachment.id] }));
    expect(stolen.statusCode).toBe(400);
    // a reader may read and preview
    expect((await call('GET', one, member.token)).statusCode).toBe(200);
    expect((await call('POST', `${one}/preview`, member.token, { customer_id: amy.id })).statusCode).toBe(200);
    expect((await call('GET', one, outsider.token)).statusCode).toBe(403);
    const noCustomers = await joinAs(t, owner.workspaceId, 'member', ['workflow_read']);
    expect((await call('POST', `${one}/preview`, noCustomers.token, { customer_id: amy.id })).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('sending an e-mail template', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({}, { realMailer: true });
  });
  afterEach(() => t.close());

  it('queues the mail with its attachment in the caller transaction and delivers it over SMTP', async () => {
    const s = setup(t);
    const owner = await createOwner(t);
    const attachment = json(await s.upload(owner.token)).data;
    const template = await s.create(owner.token, {
      recipients: ['{{customer.email}}', 'sales@example.com'],
      attachment_ids: [attachment.id],
    });
    const port = await freePort();
    await useSmtpServer(t, port);
    const received: { to: string[]; raw: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString();
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    try {
      const scope = { customer: { first_name: 'Amy', email: 'amy@example.com' }, message: { text: 'hi' } };
      // a transaction that rolls back leaves no mail behind
      await expect(
        t.database.withWorkspace(owner.workspaceId, async (tx) => {
          await sendEmailTemplate({ mailer: mailQueue(t.app.jobs) }, tx, { templateId: template.id, scope });
          throw new Error('the step failed after queueing');
        }),
      ).rejects.toThrow('the step failed');
      const sent = await t.database.withWorkspace(owner.workspaceId, (tx) =>
        sendEmailTemplate({ mailer: mailQueue(t.app.jobs) }, tx, { templateId: template.id, scope }),
      );
      expect(sent).toEqual({ to: ['amy@example.com', 'sales@example.com'], subject: 'Hello Amy', missing: [] });
      const queued = await t.database.unsafeCrossTenant('test reads the jobs table', (tx) =>
        tx.select().from(jobs).where(eq(jobs.name, 'mail.send')),
      );
      expect(queued.map((row) => row.payload)).toEqual([
        expect.objectContaining({
          to: 'amy@example.com, sales@example.com',
          attachments: [{ filename: 'terms.pdf', content_type: 'application/pdf', storage_key: expect.any(String) }],
        }),
      ]);
      await t.app.jobs.drain();
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(['amy@example.com', 'sales@example.com']);
      expect(received[0]!.raw).toContain('Subject: Hello Amy');
      expect(received[0]!.raw).toContain('filename=terms.pdf');
      expect(received[0]!.raw).toContain(PDF.toString('base64').slice(0, 20));
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
