import { afterEach, describe, expect, it } from 'vitest';
import { docxOf, pdfOf } from '../../../../test/fakes/documents.ts';
import { startWebPages, type WebPages } from '../../../../test/fakes/web-pages.ts';
import { createAdmin, createOwner, loginAdmin } from '../../../../test/fixtures.ts';
import { joinAs } from '../../../../test/members.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../../test/test-app.ts';
import { planBody, setSettings, subscribe } from '../../billing/test-helpers.ts';
import { agentsSetup, PATH } from '../test-helpers.ts';

let t: TestApp;
let site: WebPages | null = null;
afterEach(async () => {
  await t.close();
  await site?.close();
  site = null;
});

/** A multipart/form-data body as a browser sends it: one file. */
function upload(fileName: string, content: Uint8Array | string) {
  const boundary = '----knowledge-import-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type Article = { id: string; title: string; content: string; source: string; source_name: string | null };

async function setup(env: Record<string, string> = {}) {
  t = await createTestApp(env);
  const s = await agentsSetup(t);
  const agent = await s.agent(s.owner.token);
  const knowledge = `${PATH}/${agent.id}/knowledge`;
  const importFile = (fileName: string, content: Uint8Array | string, token = s.owner.token, locale = 'en') => {
    const { payload, headers } = upload(fileName, content);
    return t.app.inject({
      method: 'POST',
      url: `${knowledge}/import-file`,
      payload,
      headers: { ...headers, ...bearer(token), 'x-locale': locale },
    });
  };
  const importUrl = (url: string, token = s.owner.token) =>
    t.app.inject({ method: 'POST', url: `${knowledge}/import-url`, payload: { url }, headers: bearer(token) });
  const articles = async () => json(await s.r.get(knowledge, s.owner.token)).data as Article[];
  const article = async (id: string) => json(await s.r.get(`${knowledge}/${id}`, s.owner.token)).data as Article;
  return { ...s, agent, knowledge, importFile, importUrl, articles, article };
}

describe('importing knowledge articles from files', () => {
  it('imports .txt, .md, .pdf and .docx files titled by their names, then indexes them like written ones', async () => {
    const s = await setup();
    const files: [string, Uint8Array | string, string][] = [
      [
        'Opening hours.txt',
        '\ufeffOur shop opens from 9 am to 6 pm.\r\nClosed on Sundays.  \r\n',
        'Our shop opens from 9 am to 6 pm.\nClosed on Sundays.',
      ],
      [
        'returns-policy.md',
        '# Returns\n\n\n\n- Within **30 days**\n- 退貨需要收據\n',
        '# Returns\n\n- Within **30 days**\n- 退貨需要收據',
      ],
      [
        'Delivery (2024).pdf',
        pdfOf(['Delivery to Kowloon takes two days.', 'Free above 500 HKD.']),
        'Delivery to Kowloon takes two days.\nFree above 500 HKD.',
      ],
      [
        'Warranty.docx',
        docxOf(['Every kettle has a two-year warranty.', 'Keep the receipt & the box.']),
        'Every kettle has a two-year warranty.\n\nKeep the receipt & the box.',
      ],
    ];
    for (const [fileName, content, text] of files) {
      const answer = await s.importFile(fileName, content);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(json(answer).data).toMatchObject({
        title: fileName.replace(/\.\w+$/, ''),
        content: text,
        source: 'file',
        source_name: fileName,
        agent_id: s.agent.id,
      });
      expect((await s.article(json(answer).data.id)).content).toBe(text);
    }
    await t.app.jobs.drain();
    const listed = json(await s.r.get(s.knowledge, s.owner.token)).data as {
      title: string;
      passages: number;
      indexed_at: number | null;
    }[];
    expect(listed.map((a) => a.title).sort()).toEqual([
      'Delivery (2024)',
      'Opening hours',
      'Warranty',
      'returns-policy',
    ]);
    for (const found of listed) {
      expect(found.passages, found.title).toBeGreaterThan(0);
      expect(found.indexed_at, found.title).not.toBeNull();
    }
    const byKeyword = json(await s.r.get(`${s.knowledge}?keyword=warranty`, s.owner.token)).data;
    expect(byKeyword).toMatchObject([{ title: 'Warranty', source: 'file', source_name: 'Warranty.docx' }]);
  });

  it('refuses each bad file with its own message, in the caller’s language, creating nothing', async () => {
    const s = await setup();
    const saved: string[] = [];
    t.app.events.onCommitted('knowledge_article.saved', 'test.saved', ({ data }) => void saved.push(data.article_id));
    const refusals: [string, Uint8Array | string, number, string][] = [
      ['notes.exe', 'MZ binary', 415, 'an article can be imported from a .txt, .md, .pdf or .docx file only'],
      ['notes', 'no extension', 415, 'an article can be imported from a .txt, .md, .pdf or .docx file only'],
      ['empty.txt', '', 400, 'no text was found in the file: a scanned PDF holds only pictures of its text'],
      ['blank.md', ' \n\t\n ', 400, 'no text was found in the file: a scanned PDF holds only pictures of its text'],
      ['scanned.pdf', pdfOf([]), 400, 'no text was found in the file: a scanned PDF holds only pictures of its text'],
      [
        'renamed.pdf',
        'just text, not a PDF',
        400,
        'the file could not be read: it is damaged or not really a .pdf file',
      ],
      [
        'broken.pdf',
        '%PDF-1.4\nnothing else',
        400,
        'the file could not be read: it is damaged or not really a .pdf file',
      ],
      ['renamed.docx', pdfOf(['x']), 400, 'the file could not be read: it is damaged or not really a .docx file'],
      [
        'binary.txt',
        new Uint8Array([1, 0, 2, 0, 3]),
        400,
        'the file could not be read: it is damaged or not really a .txt file',
      ],
      [
        'latin1.txt',
        new Uint8Array([0x43, 0x61, 0x66, 0xe9]),
        400,
        'the text file is not in UTF-8: save it as UTF-8 and import it again',
      ],
      // an article of 5 MB: the file is within the size limit, its text over the article's
      [
        'five-mb.txt',
        'word '.repeat(1024 * 1024),
        400,
        'an article has at most 1,000,000 characters: split it into several',
      ],
      [
        'eleven-mb.txt',
        'a'.repeat(11 * 1024 * 1024),
        413,
        'the file is over the 10 MB limit: split it into smaller files',
      ],
    ];
    for (const [fileName, content, status, message] of refusals) {
      const answer = await s.importFile(fileName, content);
      expect(answer.statusCode, `${fileName}: ${answer.body}`).toBe(status);
      expect(json(answer)).toMatchObject({ success: false, error: message, trace_id: expect.any(String) });
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: `${s.knowledge}/import-file`,
      payload: {},
      headers: bearer(s.owner.token),
    });
    expect(json(missing)).toMatchObject({ success: false, error: 'choose a file to import' });
    expect(json(await s.importFile('scanned.pdf', pdfOf([]), s.owner.token, 'zh-hk')).error).toBe(
      '檔案中找不到文字：掃描的 PDF 只有文字的圖片',
    );
    expect(json(await s.importFile('big.txt', 'a'.repeat(11 * 1024 * 1024), s.owner.token, 'zh-cn')).error).toBe(
      '文件超过 10 MB 上限：请拆分为较小的文件',
    );
    expect(await s.articles()).toEqual([]);
    expect(saved).toEqual([]);
  });
});

describe('importing knowledge articles from an address', () => {
  const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title> Shipping &amp; returns </title>
    <style>body { color: red }</style><script>window.track('visit')</script></head>
    <body><header><a href="/">Home</a></header><nav><a href="/shop">Shop menu</a></nav>
    <h1>Shipping</h1><p>We ship within <b>two</b> days.</p><h2>Returns</h2><ul><li>30 days</li><li>With the receipt</li></ul>
    <footer>© Kettle Shop</footer><script>alert(1)</script></body></html>`;

  it('imports a page’s readable text titled by its <title>, a text and a PDF, recording the address', async () => {
    const s = await setup({ OUTBOUND_HTTP_ALLOW_PRIVATE: 'true' });
    site = await startWebPages({
      '/shipping': { type: 'text/html; charset=utf-8', body: PAGE },
      '/faq.txt': { type: 'text/plain', body: 'Q: Do you ship abroad?\nA: Only to Macau.' },
      '/files/price%20list.pdf': { type: 'application/pdf', body: pdfOf(['Kettle 300 HKD', 'Teapot 200 HKD']) },
    });
    const page = await s.importUrl(`${site.url}/shipping`);
    expect(page.statusCode, page.body).toBe(200);
    expect(json(page).data).toMatchObject({
      title: 'Shipping & returns',
      content: 'Shipping\nWe ship within two days.\nReturns\n30 days\nWith the receipt',
      source: 'url',
      source_name: `${site.url}/shipping`,
    });
    const text = json(await s.importUrl(`${site.url}/faq.txt`)).data;
    expect(text).toMatchObject({ title: 'faq', content: 'Q: Do you ship abroad?\nA: Only to Macau.', source: 'url' });
    const pdf = json(await s.importUrl(`${site.url}/files/price%20list.pdf`)).data;
    expect(pdf).toMatchObject({ title: 'price list', content: 'Kettle 300 HKD\nTeapot 200 HKD' });
    await t.app.jobs.drain();
    expect((await s.articles()).map((a) => a.title).sort()).toEqual(['Shipping & returns', 'faq', 'price list']);
  });

  it('refuses an address that fails, or is not a page, text or document, with its own message, creating nothing', async () => {
    const s = await setup({ OUTBOUND_HTTP_ALLOW_PRIVATE: 'true' });
    site = await startWebPages({
      '/logo.png': { type: 'image/png', body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) },
      '/only-script': { type: 'text/html', body: '<html><body><script>app()</script><nav>Menu</nav></body></html>' },
      '/scan.pdf': { type: 'application/pdf', body: pdfOf([]) },
      '/huge': { type: 'text/plain', body: 'a'.repeat(11 * 1024 * 1024) },
      '/long': { type: 'text/plain', body: 'word '.repeat(1024 * 1024) },
      '/down': { status: 503, type: 'text/plain', body: 'maintenance' },
    });
    const closed = await startWebPages({});
    await closed.close();
    const refusals: [string, string][] = [
      [`${site.url}/missing`, 'the address answered with the error 404: check it and try again'],
      [`${site.url}/down`, 'the address answered with the error 503: check it and try again'],
      [`${site.url}/logo.png`, 'the address is not a web page, a text or a .pdf or .docx document'],
      [`${site.url}/only-script`, 'no text was found at the address'],
      [`${site.url}/scan.pdf`, 'no text was found at the address'],
      [`${site.url}/huge`, 'the page is over the 10 MB limit'],
      [`${site.url}/long`, 'an article has at most 1,000,000 characters: split it into several'],
      [`${closed.url}/gone`, 'the address could not be reached: check it and try again'],
      ['shop.example.com/faq', 'enter a full web address starting with http:// or https://'],
      ['ftp://shop.example.com/faq.txt', 'enter a full web address starting with http:// or https://'],
    ];
    for (const [url, message] of refusals) {
      const answer = await s.importUrl(url);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(400);
      expect(json(answer)).toMatchObject({ success: false, error: message, trace_id: expect.any(String) });
    }
    const empty = await s.importUrl('  ');
    expect(empty.statusCode).toBe(400);
    expect(await s.articles()).toEqual([]);
  });

  it('refuses a loopback or private address without fetching it (OUTBOUND_HTTP_ALLOW_PRIVATE unset)', async () => {
    const s = await setup();
    site = await startWebPages({ '/shipping': { type: 'text/html', body: PAGE } });
    for (const url of [`${site.url}/shipping`, 'http://169.254.169.254/latest/meta-data/', 'http://localhost/x']) {
      const answer = await s.importUrl(url);
      expect(answer.statusCode, url).toBe(400);
      expect(json(answer).error).toBe('this address cannot be imported: only public web addresses can');
    }
    expect(site.asked).toEqual([]);
    expect(await s.articles()).toEqual([]);
  });
});

describe('who may import', () => {
  it('refuses another organization and members without cs_agent_write, fetching and creating nothing', async () => {
    const s = await setup({ OUTBOUND_HTTP_ALLOW_PRIVATE: 'true' });
    site = await startWebPages({ '/faq.txt': { type: 'text/plain', body: 'Only to Macau.' } });
    const other = await createOwner(t);
    const reader = await joinAs(t, s.owner.workspaceId, 'member', ['cs_agent_read']);
    const viewer = await joinAs(t, s.owner.workspaceId, 'viewer');
    const member = await joinAs(t, s.owner.workspaceId, 'member');
    for (const token of [reader.token, viewer.token, member.token]) {
      expect((await s.importFile('faq.txt', 'Only to Macau.', token)).statusCode).toBe(403);
      expect((await s.importUrl(`${site.url}/faq.txt`, token)).statusCode).toBe(403);
    }
    const theirs = await s.importFile('faq.txt', 'Only to Macau.', other.token);
    expect(theirs.statusCode).toBe(404);
    expect(json(theirs).error).toBe('resource not found');
    expect((await s.importUrl(`${site.url}/faq.txt`, other.token)).statusCode).toBe(404);
    expect(site.asked).toEqual([]);
    expect(await s.articles()).toEqual([]);
    const writer = await joinAs(t, s.owner.workspaceId, 'member', ['cs_agent_read', 'cs_agent_write']);
    expect((await s.importUrl(`${site.url}/faq.txt`, writer.token)).statusCode).toBe(200);
    expect(await s.articles()).toMatchObject([{ title: 'faq', source: 'url' }]);
  });

  it('asks to upgrade, with billing on, unless the plan has cs_agent', async () => {
    const s = await setup();
    const admin = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
    const plan = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/subscription-plans',
      headers: bearer(admin),
      payload: planBody({ tag: 'basic', features: ['broadcast'] }),
    });
    await setSettings(t, { 'billing.enabled': 'true' });
    await subscribe(t, s.owner.workspaceId, json(plan).data.id);
    for (const answer of [
      await s.importFile('faq.txt', 'Only to Macau.'),
      await s.importUrl('https://shop.example.com/faq.txt'),
    ]) {
      expect(answer.statusCode).toBe(403);
      expect(json(answer).error).toBe('please upgrade your plan');
    }
    await setSettings(t, { 'billing.enabled': 'false' });
    expect(await s.articles()).toEqual([]);
  });
});
