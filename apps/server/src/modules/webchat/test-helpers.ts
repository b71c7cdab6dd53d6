import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { json, type TestApp } from '../../../test/test-app.ts';

/** The widget's calls, as a browser on another site makes them (in `locale`). */
export function widget(app: TestApp, key: string, locale = 'en') {
  let token = '';
  const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
    app.app.inject({
      method,
      url: `/public/v1/webchat/${key}${path}`,
      headers: {
        origin: 'https://shop.example',
        'x-locale': locale,
        ...(token && { authorization: `Bearer ${token}` }),
      },
      ...(payload && { payload }),
    });
  return {
    call,
    get token() {
      return token;
    },
    set token(value: string) {
      token = value;
    },
    async start(answers: { name?: string; email?: string; phone?: string } = {}) {
      const started = await call('POST', '/visitors', answers);
      expect(started.statusCode, started.body).toBe(200);
      token = json(started).data.visitor_token;
      return json(started).data as { visitor_id: string; visitor_token: string };
    },
    say: (text: string, clientId: string = randomUUID()) => call('POST', '/messages', { text, client_id: clientId }),
    thread: async (afterSeq = 0) => json(await call('GET', `/messages?after_seq=${afterSeq}`)).data as any[],
    /** uploads a file as the widget does (multipart, the token as bearer) */
    upload: (filename: string, type: string, content: Buffer) => {
      const body = multipart(filename, type, content);
      return app.app.inject({
        method: 'POST',
        url: `/public/v1/webchat/${key}/attachments`,
        headers: { ...body.headers, ...(token && { authorization: `Bearer ${token}` }) },
        payload: body.payload,
      });
    },
  };
}
export type Widget = ReturnType<typeof widget>;

/** A multipart/form-data body with one file, as a browser sends it. */
export function multipart(filename: string, type: string, content: Buffer) {
  const boundary = '----omnichat-widget-boundary';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** Reads server-sent events from a live stream until `count` events of the kinds in `kinds` came. */
export async function readEvents(response: Response, count: number, kinds = ['message']) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: { event: string; id: string | undefined; data: any }[] = [];
  let buffer = '';
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^data: (.*)$/m.exec(block)?.[1];
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      if (data && kinds.includes(event))
        events.push({ event, id: /^id: (.*)$/m.exec(block)?.[1], data: JSON.parse(data) });
      end = buffer.indexOf('\n\n');
    }
  }
  await reader.cancel();
  return events;
}
