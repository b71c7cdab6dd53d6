import { beforeAll, describe, expect, it } from 'vitest';
import { GraphError } from './graph-client.ts';
import * as messaging from './messaging.ts';
import { fakeGraphTest } from './test-helpers.ts';

const PAGE_ID = '200000000000001';
const TOKEN = 'page-token';
const PSID = '6000000000000001';

const meta = fakeGraphTest((fake) => fake.allow(PAGE_ID, TOKEN, { kind: 'page', name: 'Amy’s Bakery' }));
let { fake, graph } = meta;
beforeAll(() => {
  ({ fake, graph } = meta);
});

describe('the Send API (Messenger and Instagram)', () => {
  it('sends a response and a tagged attachment in the Send API’s shape, answering the message id', async () => {
    const text = await messaging.sendText(graph, TOKEN, {
      pageId: PAGE_ID,
      recipientId: PSID,
      messagingType: 'RESPONSE',
      text: 'Hello',
    });
    expect(text).toEqual({ messageId: expect.stringMatching(/^m_/) });
    await messaging.sendAttachment(graph, TOKEN, {
      pageId: PAGE_ID,
      recipientId: PSID,
      messagingType: 'MESSAGE_TAG',
      tag: 'HUMAN_AGENT',
      kind: 'file',
      url: 'https://files.example/menu.pdf',
    });
    expect(fake.sent().map((request) => [request.path, request.authorization, request.body])).toEqual([
      [
        `/${PAGE_ID}/messages`,
        TOKEN,
        { recipient: { id: PSID }, messaging_type: 'RESPONSE', message: { text: 'Hello' } },
      ],
      [
        `/${PAGE_ID}/messages`,
        TOKEN,
        {
          recipient: { id: PSID },
          messaging_type: 'MESSAGE_TAG',
          tag: 'HUMAN_AGENT',
          message: {
            attachment: { type: 'file', payload: { url: 'https://files.example/menu.pdf', is_reusable: true } },
          },
        },
      ],
    ]);
  });

  it('classifies the closed window and a revoked token from Meta’s own answers', async () => {
    const send = () =>
      messaging.sendText(graph, TOKEN, { pageId: PAGE_ID, recipientId: PSID, messagingType: 'RESPONSE', text: 'Hi' });
    // Messenger's error-codes page: 10 / 2018278 "This message is sent outside of allowed window."
    fake.failNext(
      { path: `/${PAGE_ID}/messages` },
      {
        status: 400,
        code: 10,
        subcode: 2018278,
        message: '(#10) This message is sent outside of allowed window.',
      },
    );
    const closed = await send().catch((error: unknown) => error);
    expect(closed).toBeInstanceOf(GraphError);
    expect(closed).toMatchObject({ code: 10, subcode: 2018278, outsideWindow: true, transient: false });

    // code 10 alone is a permission refusal, not the window
    fake.failNext({}, { status: 400, code: 10, message: '(#10) Application does not have permission for this action' });
    expect(await send().catch((error: unknown) => error)).toMatchObject({ code: 10, outsideWindow: false });

    fake.tokens.revoke(PAGE_ID, TOKEN);
    expect(await send().catch((error: unknown) => error)).toMatchObject({
      status: 400,
      code: 190,
      tokenRejected: true,
    });
  });

  it('proves a token with the Page node', async () => {
    expect(await messaging.page(graph, TOKEN, PAGE_ID)).toEqual({ id: PAGE_ID, name: 'Amy’s Bakery' });
    expect(fake.requests.at(-1)?.query).toEqual({ fields: 'id,name' });
    expect(await messaging.page(graph, 'other', PAGE_ID).catch((error: unknown) => error)).toMatchObject({
      tokenRejected: true,
    });
  });
});
