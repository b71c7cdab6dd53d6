import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient } from '../../platform/outbound/outbound-client.ts';
import { createGraphClient, GraphError } from './graph-client.ts';

/*
 * Graph's error answers, shaped as Meta documents them (Graph API "Handling Errors", the WhatsApp Cloud API
 * "Error codes" table, Messenger's "Common Error Codes"), each read into the one classification.
 */
const ANSWERS: [string, number, object, Partial<Record<keyof GraphError, unknown>>][] = [
  [
    'an expired token',
    401,
    {
      error: {
        message: 'Error validating access token: Session has expired on Tuesday, 01-Jul-25 10:00:00 PDT.',
        type: 'OAuthException',
        code: 190,
        error_subcode: 463,
        fbtrace_id: 'AbCdEf123',
      },
    },
    { code: 190, subcode: 463, tokenRejected: true, transient: false, outsideWindow: false },
  ],
  [
    'WhatsApp’s re-engagement refusal',
    400,
    {
      error: {
        message: '(#131047) Re-engagement message',
        type: 'OAuthException',
        code: 131047,
        error_data: {
          messaging_product: 'whatsapp',
          details:
            'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        },
        fbtrace_id: 'AbCdEf123',
      },
    },
    { code: 131047, outsideWindow: true, transient: false, tokenRejected: false },
  ],
  [
    'WhatsApp’s throughput limit',
    429,
    {
      error: {
        message: '(#130429) Rate limit hit',
        type: 'OAuthException',
        code: 130429,
        error_data: { messaging_product: 'whatsapp', details: 'Cloud API message throughput has been reached.' },
        fbtrace_id: 'AbCdEf123',
      },
    },
    { transient: true, unavailable: false, outsideWindow: false },
  ],
  [
    'Graph’s application request limit',
    400,
    {
      error: {
        message: '(#4) Application request limit reached',
        type: 'OAuthException',
        is_transient: true,
        code: 4,
        fbtrace_id: 'AbCdEf123',
      },
    },
    { transient: true, unavailable: false },
  ],
  [
    'Messenger’s closed window',
    400,
    {
      error: {
        message:
          '(#10) This message is sent outside of allowed window. Learn more about the new policy here: https://developers.facebook.com/docs/messenger-platform/policy-overview',
        type: 'OAuthException',
        code: 10,
        error_subcode: 2018278,
        fbtrace_id: 'AbCdEf123',
      },
    },
    { outsideWindow: true, transient: false, tokenRejected: false },
  ],
  [
    'Meta’s own trouble',
    500,
    {
      error: {
        message: 'An unknown error has occurred.',
        type: 'OAuthException',
        code: 1,
        is_transient: true,
        fbtrace_id: 'AbCdEf123',
      },
    },
    { transient: true, unavailable: true },
  ],
  [
    'a message for people (error_user_msg)',
    400,
    {
      error: {
        message: 'Invalid parameter',
        type: 'OAuthException',
        code: 100,
        error_user_title: 'Field too long',
        error_user_msg: 'The footer may have 60 characters at most.',
        fbtrace_id: 'AbCdEf123',
      },
    },
    { code: 100, title: 'The footer may have 60 characters at most.', transient: false, outsideWindow: false },
  ],
];

let server: Server;
let base = '';
let next: { status: number; body: string } = { status: 200, body: '{}' };
beforeAll(async () => {
  server = createServer((_, response) => {
    response.writeHead(next.status, { 'content-type': 'application/json' });
    response.end(next.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v23.0`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () => createGraphClient(base, { outbound: createOutboundClient({ allowPrivate: true }) });

describe('GraphError', () => {
  it.each(ANSWERS)('reads %s', async (_, status, body, expected) => {
    next = { status, body: JSON.stringify(body) };
    const error = await client()
      .post('106540352242922/messages', 'token', {})
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(GraphError);
    expect(error).toMatchObject({ status, ...expected });
  });

  it('calls an answer without Graph’s error object by its status, and no answer unavailable', async () => {
    next = { status: 502, body: '<html>Bad Gateway</html>' };
    expect(
      await client()
        .get('me', 'token')
        .catch((e: unknown) => e),
    ).toMatchObject({
      status: 502,
      code: null,
      unavailable: true,
      transient: true,
    });
    const nowhere = createGraphClient('http://127.0.0.1:9/v23.0', {
      outbound: createOutboundClient({ allowPrivate: true }),
    });
    expect(await nowhere.get('me', 'token').catch((e: unknown) => e)).toMatchObject({
      status: 0,
      unavailable: true,
      transient: true,
      tokenRejected: false,
    });
  });
});
