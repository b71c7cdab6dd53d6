import { element } from './dom.ts';
import { WIDGET_CSS } from './styles.ts';
import type { WidgetTexts } from './texts.ts';

/** The widget's elements: the launcher with its badge, and the panel (header, notices, thread, composer). */
export function buildFrame(texts: WidgetTexts, inline: boolean) {
  const host = element('div', { id: inline ? 'omnichat-widget-preview' : 'omnichat-widget' });
  if (inline) host.setAttribute('data-inline', '');
  const root = host.attachShadow({ mode: 'open' });

  const launcher = element('button', { class: 'launcher', type: 'button', 'aria-label': texts.open });
  launcher.setAttribute('aria-expanded', 'false');
  launcher.innerHTML =
    '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 4h16v12H7l-3 3z" fill="currentColor"/></svg>';
  const badge = element('span', { class: 'badge', hidden: '' });
  launcher.append(badge);

  const panel = element('section', { class: 'panel', role: 'dialog', hidden: '' });
  const avatar = element('img', { class: 'avatar', alt: '', hidden: '' });
  const title = element('h2');
  const agent = element('p', { class: 'agent', hidden: '' });
  const heading = element('div', { class: 'heading' });
  heading.append(title, agent);
  const close = element('button', { class: 'close', type: 'button', 'aria-label': texts.close }, '×');
  const header = element('header');
  header.append(avatar, heading, close);
  const status = element('p', { class: 'status', hidden: '' }, texts.reconnecting);
  const notices = element('div', { class: 'notices' });
  const log = element('ol', { class: 'log', 'aria-live': 'polite' });
  const welcome = element('li', { class: 'line outbound' }, texts.welcome);
  const typing = element('li', { class: 'line outbound typing', 'aria-label': texts.typing });
  typing.innerHTML = '<span></span><span></span><span></span>';
  const form = element('form', { class: 'composer' });
  const fileInput = element('input', { type: 'file', hidden: '', tabindex: '-1' });
  const attach = element('button', {
    type: 'button',
    class: 'attach',
    'aria-label': texts.attach,
    title: texts.attach,
  });
  attach.innerHTML =
    '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M16.5 6.5l-8 8a2 2 0 002.8 2.8l8-8a4 4 0 00-5.6-5.6l-8 8a6 6 0 008.5 8.5l6-6" fill="none" stroke="currentColor" stroke-width="2"/></svg>';
  const input = element('textarea', { rows: '1', placeholder: texts.placeholder, 'aria-label': texts.placeholder });
  const send = element('button', { type: 'submit' }, texts.send);
  form.append(fileInput, attach, input, send);
  panel.append(header, status, notices, log, form);
  root.append(element('style', {}, WIDGET_CSS), launcher, panel);
  return {
    host,
    launcher,
    badge,
    panel,
    avatar,
    title,
    agent,
    close,
    status,
    notices,
    log,
    welcome,
    typing,
    form,
    fileInput,
    attach,
    input,
  };
}
