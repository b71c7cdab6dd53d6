import type { WebchatMessage } from '@omnichat/contracts';
import { createWidgetApi, VisitorGone, type WidgetApi } from './api.ts';
import { WIDGET_CSS } from './styles.ts';
import { textsFor } from './texts.ts';

interface Line {
  /** the server's id, or the client id while it is on its way */
  id: string;
  direction: 'inbound' | 'outbound';
  text: string;
  seq: number;
  state: 'sent' | 'sending' | 'failed';
}

export interface WidgetOptions {
  origin: string;
  key: string;
  language?: string;
  api?: WidgetApi;
  /** where the widget's host element goes (the page's body) */
  container?: HTMLElement;
}

/** A v4 UUID; `crypto.randomUUID` exists on https pages only, and sites embedding the widget may be http. */
const uuid = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}) => {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
};

/**
 * The chat button and panel on a customer's site, in a shadow root so the site's styles and the widget's keep
 * apart. The visitor becomes known (a customer of the organization) with their first message; their thread then
 * follows live and comes back on their next visit.
 */
export function mountWidget(options: WidgetOptions) {
  const texts = textsFor(options.language ?? navigator.language);
  const api = options.api ?? createWidgetApi(options.origin, options.key);
  const host = element('div', { id: 'omnichat-widget' });
  const root = host.attachShadow({ mode: 'open' });
  const style = element('style');
  style.textContent = WIDGET_CSS;

  const launcher = element('button', { class: 'launcher', type: 'button', 'aria-label': texts.open });
  launcher.setAttribute('aria-expanded', 'false');
  launcher.innerHTML =
    '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 4h16v12H7l-3 3z" fill="currentColor"/></svg>';
  const badge = element('span', { class: 'badge', hidden: '' });
  launcher.append(badge);

  const panel = element('section', { class: 'panel', role: 'dialog', hidden: '' });
  const title = element('h2');
  const close = element('button', { class: 'close', type: 'button', 'aria-label': texts.close });
  close.textContent = '×';
  const header = element('header');
  header.append(title, close);
  const status = element('p', { class: 'status', hidden: '' });
  status.textContent = texts.offline;
  const log = element('ol', { class: 'log', 'aria-live': 'polite' });
  const welcome = element('li', { class: 'line outbound' });
  welcome.textContent = texts.welcome;
  const form = element('form');
  const input = element('textarea', { rows: '1', placeholder: texts.placeholder, 'aria-label': texts.placeholder });
  const send = element('button', { type: 'submit' });
  send.textContent = texts.send;
  form.append(input, send);
  panel.append(header, status, log, form);
  root.append(style, launcher, panel);
  (options.container ?? document.body).append(host);

  const lines = new Map<string, Line>();
  let stream: EventSource | null = null;
  let unread = 0;
  const lastSeq = () => Math.max(0, ...[...lines.values()].map((line) => line.seq));

  function render() {
    const sorted = [...lines.values()].sort((a, b) => (a.seq || Infinity) - (b.seq || Infinity));
    log.replaceChildren(
      welcome,
      ...sorted.map((line) => {
        const item = element('li', { class: `line ${line.direction} ${line.state}` });
        item.textContent = line.text;
        if (line.state === 'failed') {
          const retry = element('button', { type: 'button', class: 'retry' });
          retry.textContent = texts.failed;
          retry.onclick = () => void deliver(line.id, line.text);
          item.append(retry);
        }
        return item;
      }),
    );
    log.scrollTop = log.scrollHeight;
    badge.textContent = String(unread);
    badge.hidden = unread === 0;
  }

  /** A message from the server; one that arrives while the panel is closed counts on the badge. */
  function receive(message: WebchatMessage, { replacing, quiet }: { replacing?: string; quiet?: boolean } = {}) {
    if (replacing) lines.delete(replacing);
    const known = lines.has(message.id);
    lines.set(message.id, {
      id: message.id,
      direction: message.direction,
      text: message.text ?? '',
      seq: message.seq,
      state: 'sent',
    });
    if (!known && !quiet && message.direction === 'outbound' && panel.hidden) unread += 1;
    render();
  }

  function listen() {
    stream?.close();
    stream = api.events(lastSeq());
    stream.addEventListener('message', (event) => receive(JSON.parse((event as MessageEvent).data)));
    stream.onopen = () => {
      status.hidden = true;
    };
    stream.onerror = () => {
      status.hidden = false;
      // closed for good (the visitor is unknown now): the next message starts a new visitor
      if (stream?.readyState === 2 /* CLOSED */) void api.messages(lastSeq()).catch(() => undefined);
    };
  }

  async function deliver(clientId: string, text: string, again = true): Promise<void> {
    lines.set(clientId, { id: clientId, direction: 'inbound', text, seq: 0, state: 'sending' });
    render();
    try {
      if (!api.started) {
        await api.start();
        listen();
      }
      receive(await api.send(text, clientId), { replacing: clientId });
    } catch (error) {
      if (error instanceof VisitorGone && again) return deliver(clientId, text, false);
      lines.set(clientId, { id: clientId, direction: 'inbound', text, seq: 0, state: 'failed' });
      render();
    }
  }

  function toggle(open: boolean) {
    panel.hidden = !open;
    launcher.setAttribute('aria-expanded', String(open));
    if (open) {
      unread = 0;
      render();
      input.focus();
    } else launcher.focus();
  }

  launcher.onclick = () => toggle(panel.hidden !== false);
  close.onclick = () => toggle(false);
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') toggle(false);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  form.onsubmit = (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    input.value = '';
    void deliver(uuid(), text);
  };

  void api
    .config()
    .then(({ name }) => {
      title.textContent = name;
      panel.setAttribute('aria-label', name);
    })
    .catch(() => undefined);
  if (api.started)
    void api
      .messages(0)
      .then((messages) => {
        for (const message of messages) receive(message, { quiet: true });
        listen();
      })
      .catch(() => undefined);
  render();

  return {
    open: () => toggle(true),
    destroy() {
      stream?.close();
      host.remove();
    },
  };
}
