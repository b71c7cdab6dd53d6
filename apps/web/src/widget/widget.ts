import type { WebchatConfig, WebchatMessage } from '@omnichat/contracts';
import { createWidgetApi, Refused, VisitorGone, type WidgetApi } from './api.ts';
import { element, formatSize, uuid } from './dom.ts';
import { buildFrame } from './frame.ts';
import { attachmentView, type Line, offlineView, preChatForm, ratingView } from './parts.ts';
import { fill, localeOf, textsFor } from './texts.ts';

export interface WidgetOptions {
  origin: string;
  key: string;
  /** the visitor's language (the page's, else the browser's) */
  language?: string;
  api?: WidgetApi;
  /** where the widget's host element goes (the page's body) */
  container?: HTMLElement;
  /** in the flow of `container`, open, instead of fixed in the page's corner (the settings page's preview) */
  inline?: boolean;
}

/** An agent who stops sending typing events (a closed tab) stops showing as typing after this long. */
const TYPING_MS = 8000;

/**
 * The chat button and panel on a customer's site, in a shadow root so the site's styles and the widget's keep
 * apart: the channel's colour, title, greeting and agent, a pre-chat form when the channel asks, files both ways,
 * the agent typing, the offline message outside business hours, and the closed notice with a rating. The visitor
 * becomes known (a customer of the organization) with their first message or pre-chat answers; their thread then
 * follows live and comes back on their next visit.
 */
export function mountWidget(options: WidgetOptions) {
  const language = options.language ?? navigator.language;
  const texts = textsFor(language);
  const api = options.api ?? createWidgetApi(options.origin, options.key, localeOf(language));
  const frame = buildFrame(texts, Boolean(options.inline));
  const { host, launcher, badge, panel, avatar, title, agent, close, status, notices, log, welcome, typing } = frame;
  const { form, fileInput, attach, input } = frame;
  (options.container ?? document.body).append(host);

  let config: WebchatConfig | null = null;
  const lines = new Map<string, Line>();
  let stream: EventSource | null = null;
  /** whether the open stream belongs to a visitor who had written (one who had not gets nothing on it) */
  let streamHasThread = false;
  let unread = 0;
  let agentTyping: ReturnType<typeof setTimeout> | null = null;
  let closedState: 'open' | 'closed' | 'rated' = 'open';
  let leftEmail: string | null = null;
  let preChatDone = api.started;
  let preChat: HTMLElement | null = null;
  const lastSeq = () => Math.max(0, ...[...lines.values()].map((line) => line.seq));

  function lineView(line: Line) {
    const item = element('li', { class: `line ${line.direction} ${line.state}` });
    if (line.attachment)
      item.append(attachmentView(line.attachment, line.attachment.url && api.fileUrl(line.attachment.url), texts));
    if (line.text) item.append(element('span', {}, line.text));
    if (line.state === 'failed' && !line.refused) {
      const retry = element('button', { type: 'button', class: 'retry' }, texts.failed);
      retry.onclick = () => void (pending.get(line.id) ?? (() => deliver(line.id, line.text)))();
      item.append(retry);
    }
    return item;
  }

  function renderNotices() {
    const parts: HTMLElement[] = [];
    if (config && !config.online)
      parts.push(offlineView(config.offline_message ?? texts.offline, texts, leftEmail, leaveEmail));
    if (closedState !== 'open') parts.push(ratingView(texts, closedState === 'rated', rate));
    notices.replaceChildren(...parts);
  }

  function render() {
    const sorted = [...lines.values()].sort((a, b) => (a.seq || Infinity) - (b.seq || Infinity));
    const asking = config && !preChatDone && Object.values(config.pre_chat).some((mode) => mode !== 'off');
    if (asking) {
      // made once, so what the visitor typed stays while other things change
      preChat ??= element('li', { class: 'prechat-item' });
      if (!preChat.firstChild) preChat.append(preChatForm(config!, texts, startWith));
      log.replaceChildren(welcome, preChat);
    } else log.replaceChildren(welcome, ...sorted.map(lineView), ...(agentTyping ? [typing] : []));
    form.hidden = Boolean(asking);
    log.scrollTop = log.scrollHeight;
    badge.textContent = String(unread);
    badge.hidden = unread === 0;
  }

  function apply(loaded: WebchatConfig) {
    config = loaded;
    title.textContent = loaded.title;
    panel.setAttribute('aria-label', loaded.title);
    host.style.setProperty('--accent', loaded.color);
    welcome.textContent = loaded.greeting ?? texts.welcome;
    agent.textContent = loaded.agent_name ?? '';
    agent.hidden = !loaded.agent_name;
    if (loaded.agent_avatar) avatar.src = loaded.agent_avatar;
    avatar.hidden = !loaded.agent_avatar;
    fileInput.accept = loaded.file_types.join(',');
    renderNotices();
    render();
  }

  /** A message from the server; one that arrives while the panel is closed counts on the badge. */
  function receive(message: WebchatMessage, { replacing, quiet }: { replacing?: string; quiet?: boolean } = {}) {
    if (replacing) lines.delete(replacing);
    const known = lines.has(message.id);
    lines.set(message.id, {
      id: message.id,
      direction: message.direction,
      text: message.text ?? '',
      attachment: message.attachment,
      seq: message.seq,
      state: 'sent',
    });
    if (message.direction === 'outbound' && agentTyping) stopTyping();
    if (!known && !quiet && message.direction === 'outbound' && panel.hidden) unread += 1;
    render();
  }

  function stopTyping() {
    if (agentTyping) clearTimeout(agentTyping);
    agentTyping = null;
  }

  function listen() {
    stream?.close();
    streamHasThread = lines.size > 0;
    stream = api.events(lastSeq());
    stream.addEventListener('message', (event) => receive(JSON.parse((event as MessageEvent).data)));
    stream.addEventListener('status', (event) => {
      const { status: now } = JSON.parse((event as MessageEvent).data) as { status: 'open' | 'closed' };
      closedState = now === 'closed' ? 'closed' : 'open';
      renderNotices();
    });
    stream.addEventListener('typing', (event) => {
      stopTyping();
      if ((JSON.parse((event as MessageEvent).data) as { typing: boolean }).typing)
        agentTyping = setTimeout(() => {
          stopTyping();
          render();
        }, TYPING_MS);
      render();
    });
    stream.onopen = () => {
      status.hidden = true;
    };
    stream.onerror = () => {
      status.hidden = false;
      // closed for good (the visitor is unknown now): the next message starts a new visitor
      if (stream?.readyState === 2 /* CLOSED */) void api.messages(lastSeq()).catch(() => undefined);
    };
  }

  async function ensureVisitor() {
    if (!api.started) await api.start({});
  }

  /** After the visitor's message: their thread exists now, so a stream opened before it is opened again. */
  function written(message: WebchatMessage, clientId: string) {
    receive(message, { replacing: clientId });
    // writing again opens the conversation again
    if (closedState !== 'open') {
      closedState = 'open';
      renderNotices();
    }
    if (!stream || !streamHasThread) listen();
  }

  /** Sends to retry by a line's client id (a file keeps its upload). */
  const pending = new Map<string, () => Promise<void>>();

  async function deliver(clientId: string, text: string, again = true): Promise<void> {
    lines.set(clientId, { id: clientId, direction: 'inbound', text, attachment: null, seq: 0, state: 'sending' });
    render();
    try {
      await ensureVisitor();
      written(await api.send({ text }, clientId), clientId);
    } catch (error) {
      if (error instanceof VisitorGone && again) return deliver(clientId, text, false);
      lines.set(clientId, { ...lines.get(clientId)!, state: 'failed' });
      render();
    }
  }

  async function deliverFile(clientId: string, file: File, again = true): Promise<void> {
    const attachment = { url: '', content_type: file.type, filename: file.name, size: file.size };
    lines.set(clientId, { id: clientId, direction: 'inbound', text: '', attachment, seq: 0, state: 'sending' });
    pending.set(clientId, () => deliverFile(clientId, file));
    render();
    try {
      await ensureVisitor();
      const id = await api.upload(file);
      written(await api.send({ attachment_id: id }, clientId), clientId);
      pending.delete(clientId);
    } catch (error) {
      if (error instanceof VisitorGone && again) return deliverFile(clientId, file, false);
      // refused (too large, a type not taken): said, and not offered again; else offered to retry
      const refused = error instanceof Refused;
      lines.set(clientId, { ...lines.get(clientId)!, text: refused ? error.message : '', state: 'failed', refused });
      render();
    }
  }

  async function startWith(answers: Record<string, string>) {
    await api.start(answers);
    preChatDone = true;
    listen();
    render();
    input.focus();
  }

  async function rate(score: number, comment: string) {
    await api.rate(score, comment);
    closedState = 'rated';
    renderNotices();
  }

  async function leaveEmail(email: string) {
    await ensureVisitor();
    written(await api.contact(email), '');
    leftEmail = email;
    renderNotices();
  }

  function toggle(open: boolean, focus = true) {
    panel.hidden = !open;
    launcher.setAttribute('aria-expanded', String(open));
    if (open) {
      unread = 0;
      render();
      if (focus) input.focus();
    } else if (focus) launcher.focus();
  }

  launcher.onclick = () => toggle(panel.hidden !== false);
  close.onclick = () => toggle(false);
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !options.inline) toggle(false);
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
  attach.onclick = () => fileInput.click();
  fileInput.onchange = () => {
    const file = fileInput.files?.[0];
    fileInput.value = '';
    if (!file) return;
    const max = config?.file_max_bytes ?? 20 * 1024 * 1024;
    const clientId = uuid();
    if (file.size > max) {
      const attachment = { url: '', content_type: file.type, filename: file.name, size: file.size };
      const text = fill(texts.tooLarge, { size: formatSize(max) });
      lines.set(clientId, {
        id: clientId,
        direction: 'inbound',
        text,
        attachment,
        seq: 0,
        state: 'failed',
        refused: true,
      });
      render();
      return;
    }
    void deliverFile(clientId, file);
  };

  void api
    .config()
    .then(apply)
    .catch(() => undefined);
  if (api.started) {
    void api
      .messages(0)
      .then((messages) => {
        for (const message of messages) receive(message, { quiet: true });
        listen();
      })
      .catch(() => undefined);
    void api
      .conversation()
      .then((conversation) => {
        if (conversation?.status === 'closed') closedState = conversation.csat_score ? 'rated' : 'closed';
        renderNotices();
      })
      .catch(() => undefined);
  }
  // the preview opens without taking the focus from the settings being typed
  if (options.inline) toggle(true, false);
  render();

  return {
    open: () => toggle(true),
    destroy() {
      stream?.close();
      stopTyping();
      host.remove();
    },
  };
}
