import type { ServerResponse } from 'node:http';
import type { WebchatMessage, WebchatStatusEvent, WebchatTypingEvent } from '@omnichat/contracts';
import type { ClusterBus } from '../../platform/realtime/cluster-bus.ts';

const BUS_CHANNEL = 'webchat';
/** A comment line every 25 s keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 25_000;

/**
 * What a visitor's stream tells: a message of their thread (its attachment's `url` relative to the widget API of
 * the channel, made whole where the stream is held), their conversation closed or reopened, an agent typing.
 */
export type VisitorEvent =
  | { event: 'message'; data: WebchatMessage }
  | { event: 'status'; data: WebchatStatusEvent }
  | { event: 'typing'; data: WebchatTypingEvent };

interface VisitorPush {
  key: string;
  push: VisitorEvent;
}

/** A visitor's streams are keyed by the channel and the customer they write as. */
export const visitorKey = (channelId: string, customerId: string) => `${channelId}:${customerId}`;
/** The stream of a visitor who has not written yet: nothing comes to it until they do. */
export const newVisitorKey = (channelId: string, visitorId: string) => `${channelId}:visitor:${visitorId}`;

/** A message whose attachment's address is relative (`/files/…`) made whole under the widget API's `base`. */
export const underBase = (message: WebchatMessage, base: string): WebchatMessage =>
  message.attachment?.url.startsWith('/')
    ? { ...message, attachment: { ...message.attachment, url: `${base}${message.attachment.url}` } }
    : message;

/**
 * The widget's live streams (server-sent events) that this process holds, each with the widget API's address of
 * its channel. An event for a visitor goes through the cluster bus, so it reaches their browser whichever process
 * holds its stream.
 */
export class VisitorStreams {
  private readonly streams = new Map<string, Map<ServerResponse, string>>();
  private readonly timer: NodeJS.Timeout;

  constructor(bus: ClusterBus) {
    bus.subscribe(BUS_CHANNEL, (message) => {
      const { key, push } = message as VisitorPush;
      for (const [stream, base] of this.streams.get(key) ?? []) write(stream, base, push);
    });
    this.timer = setInterval(() => {
      for (const set of this.streams.values()) for (const stream of set.keys()) stream.write(': keepalive\n\n');
    }, KEEPALIVE_MS);
    this.timer.unref();
  }

  /** Holds `stream` open for the visitor until the browser goes away; `base` is the channel's widget API. */
  open(key: string, stream: ServerResponse, base: string): void {
    const set = this.streams.get(key) ?? new Map<ServerResponse, string>();
    set.set(stream, base);
    this.streams.set(key, set);
    stream.on('close', () => {
      set.delete(stream);
      if (!set.size) this.streams.delete(key);
    });
  }

  get size() {
    let count = 0;
    for (const set of this.streams.values()) count += set.size;
    return count;
  }

  /** On shutdown: the browsers reconnect (EventSource does so by itself), maybe to another process. */
  closeAll(): void {
    clearInterval(this.timer);
    for (const set of this.streams.values()) for (const stream of set.keys()) stream.end();
    this.streams.clear();
  }
}

/** An event to a visitor's streams, whichever process holds them (also from a process that holds none). */
export function toVisitor(bus: ClusterBus, key: string, push: VisitorEvent): void {
  bus.publish(BUS_CHANNEL, { key, push } satisfies VisitorPush);
}

/**
 * One event. A message's id is its seq, which EventSource sends back as Last-Event-ID on a reconnect; the other
 * events carry no id, so they leave it as it was.
 */
export function write(stream: ServerResponse, base: string, push: VisitorEvent): void {
  if (push.event === 'message') {
    const message = underBase(push.data, base);
    stream.write(`id: ${message.seq}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`);
  } else stream.write(`event: ${push.event}\ndata: ${JSON.stringify(push.data)}\n\n`);
}
