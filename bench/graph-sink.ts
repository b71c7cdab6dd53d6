/**
 * Meta's Graph API, lean, on a thread of its own (as Meta is another host: its work never delays the bench's
 * client): the phone number node a WhatsApp channel is verified with, and `POST /{phone_number_id}/messages`
 * answering in Meta's format. Template sends are counted per phone (`to`) with their times.
 *
 * The thread answers `{ type: 'stats' }` with `{ counts: [phone, sends][], times: ms since 1970 }` and forgets them
 * on `{ type: 'reset' }`; `sent[0]` (a shared counter) is the template sends so far, readable at any moment.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export interface GraphSinkOptions {
  phoneNumberId: string;
  token: string;
}

export interface GraphSinkStats {
  counts: [string, number][];
  times: number[];
}

/** Starts the sink's thread; answers its GRAPH_API_URL and how to read and reset what it received. */
export async function startGraphSink(options: GraphSinkOptions) {
  const shared = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL(import.meta.url), { workerData: { ...options, shared } });
  const url = await new Promise<string>((resolve, reject) => {
    worker.once('message', (message: { url: string }) => resolve(message.url));
    worker.once('error', reject);
  });
  const ask = <T>(type: string) =>
    new Promise<T>((resolve) => {
      worker.once('message', resolve);
      worker.postMessage({ type });
    });
  return {
    url,
    /** template sends received so far */
    sent: () => Atomics.load(shared, 0),
    stats: () => ask<GraphSinkStats>('stats'),
    reset: () => ask<void>('reset'),
    close: () => worker.terminate(),
  };
}

function serve({ phoneNumberId, token, shared }: GraphSinkOptions & { shared: Int32Array }) {
  const counts = new Map<string, number>();
  const times: number[] = [];
  let serial = 0;
  const answer = (response: ServerResponse, status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    response.end(JSON.stringify(body));
  };
  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      if (incoming.headers.authorization !== `Bearer ${token}`)
        return answer(response, 401, {
          error: { message: 'Invalid OAuth access token', type: 'OAuthException', code: 190 },
        });
      const path = new URL(incoming.url ?? '/', 'http://graph').pathname;
      if (incoming.method === 'GET' && path === `/v23.0/${phoneNumberId}`)
        return answer(response, 200, {
          id: phoneNumberId,
          display_phone_number: '+1 555-078-3881',
          verified_name: 'Bench Shop',
        });
      if (incoming.method === 'POST' && path === `/v23.0/${phoneNumberId}/messages`) {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { to: string; type: string };
        if (body.type === 'template') {
          counts.set(body.to, (counts.get(body.to) ?? 0) + 1);
          times.push(performance.timeOrigin + performance.now());
          Atomics.add(shared, 0, 1);
        }
        return answer(response, 200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: `wamid.bench${++serial}` }],
        });
      }
      answer(response, 400, { error: { message: 'Unsupported request', type: 'GraphMethodException', code: 100 } });
    });
  });
  server.listen(0, '127.0.0.1', () => {
    parentPort!.postMessage({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v23.0` });
  });
  parentPort!.on('message', (message: { type: string }) => {
    if (message.type === 'stats') parentPort!.postMessage({ counts: [...counts], times } satisfies GraphSinkStats);
    if (message.type === 'reset') {
      counts.clear();
      times.length = 0;
      Atomics.store(shared, 0, 0);
      parentPort!.postMessage(undefined);
    }
  });
}

if (!isMainThread) serve(workerData);
