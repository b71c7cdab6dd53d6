import type { ServerResponse } from 'node:http';
import type { WebchatMessage } from '@omnichat/contracts';
import type { ClusterBus } from '../../platform/realtime/cluster-bus.ts';
import type { MessageRow } from '../conversations/index.ts';

const BUS_CHANNEL = 'webchat';
/** A comment line every 25 s keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 25_000;

interface VisitorPush {
  key: string;
  message: WebchatMessage;
}

export const toWebchatMessage = (row: MessageRow): WebchatMessage => ({
  id: row.id,
  direction: row.direction,
  text: row.text,
  seq: row.seq,
  created_at: Math.floor(row.sentAt.getTime() / 1000),
});

/** A visitor's streams are keyed by the channel and the customer they write as. */
export const visitorKey = (channelId: string, customerId: string) => `${channelId}:${customerId}`;

/**
 * The widget's live streams (server-sent events) that this process holds. A message for a visitor goes through
 * the cluster bus, so it reaches their browser whichever process holds its stream.
 */
export class VisitorStreams {
  private readonly streams = new Map<string, Set<ServerResponse>>();
  private readonly timer: NodeJS.Timeout;
  private readonly bus: ClusterBus;

  constructor(bus: ClusterBus) {
    this.bus = bus;
    bus.subscribe(BUS_CHANNEL, (push) => {
      const { key, message } = push as VisitorPush;
      for (const stream of this.streams.get(key) ?? []) write(stream, message);
    });
    this.timer = setInterval(() => {
      for (const set of this.streams.values()) for (const stream of set) stream.write(': keepalive\n\n');
    }, KEEPALIVE_MS);
    this.timer.unref();
  }

  /** Holds `stream` open for the visitor until the browser goes away. */
  open(key: string, stream: ServerResponse): void {
    const set = this.streams.get(key) ?? new Set();
    set.add(stream);
    this.streams.set(key, set);
    stream.on('close', () => {
      set.delete(stream);
      if (!set.size) this.streams.delete(key);
    });
  }

  send(key: string, message: WebchatMessage): void {
    toVisitor(this.bus, key, message);
  }

  get size() {
    let count = 0;
    for (const set of this.streams.values()) count += set.size;
    return count;
  }

  /** On shutdown: the browsers reconnect (EventSource does so by itself), maybe to another process. */
  closeAll(): void {
    clearInterval(this.timer);
    for (const set of this.streams.values()) for (const stream of set) stream.end();
    this.streams.clear();
  }
}

/** A message to a visitor's streams, whichever process holds them (also from a process that holds none). */
export function toVisitor(bus: ClusterBus, key: string, message: WebchatMessage): void {
  bus.publish(BUS_CHANNEL, { key, message } satisfies VisitorPush);
}

/** One event; its id is the message's seq, which EventSource sends back as Last-Event-ID on a reconnect. */
export function write(stream: ServerResponse, message: WebchatMessage): void {
  stream.write(`id: ${message.seq}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`);
}
