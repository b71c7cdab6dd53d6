import type { PreChatField, WebchatAttachment, WebchatConfig } from '@omnichat/contracts';
import { Refused } from './api.ts';
import { element, formatSize } from './dom.ts';
import { fill, type WidgetTexts } from './texts.ts';

/** A line of the thread as the widget keeps it. */
export interface Line {
  /** the server's id, or the client id while it is on its way */
  id: string;
  direction: 'inbound' | 'outbound';
  text: string;
  attachment: WebchatAttachment | null;
  seq: number;
  state: 'sent' | 'sending' | 'failed';
  /** failed for good (a file too large or of a type not taken): not offered to send again */
  refused?: boolean;
}

/** A file in a bubble: an image inline (opening whole in a new tab), any other file as a link with its size. */
export function attachmentView(attachment: WebchatAttachment, url: string, texts: WidgetTexts) {
  const link = element('a', { href: url, target: '_blank', rel: 'noopener', class: 'file' });
  if (attachment.content_type.startsWith('image/') && url) {
    link.append(element('img', { src: url, alt: attachment.filename || texts.file, loading: 'lazy' }));
    return link;
  }
  link.textContent = `📎 ${attachment.filename}${attachment.size ? ` (${formatSize(attachment.size)})` : ''}`;
  if (!url) link.removeAttribute('href');
  return link;
}

/** The pre-chat form: the questions the channel asks, each optional or required; the server's refusals shown. */
export function preChatForm(
  config: WebchatConfig,
  texts: WidgetTexts,
  submit: (answers: Record<string, string>) => Promise<void>,
) {
  const form = element('form', { class: 'prechat', novalidate: '' });
  form.append(element('p', {}, texts.preChat));
  const errors = new Map<string, HTMLElement>();
  const types: Record<PreChatField, string> = { name: 'text', email: 'email', phone: 'tel' };
  for (const field of ['name', 'email', 'phone'] as const) {
    const mode = config.pre_chat[field];
    if (mode === 'off') continue;
    const label = element('label', {}, `${texts[field]}${mode === 'optional' ? ` ${texts.optional}` : ''}`);
    const input = element('input', {
      name: field,
      type: types[field],
      autocomplete: field === 'phone' ? 'tel' : field,
      ...(mode === 'required' && { required: '', 'aria-required': 'true' }),
    });
    const error = element('span', { class: 'error', role: 'alert', id: `omnichat-${field}-error` });
    input.setAttribute('aria-describedby', error.id);
    label.append(input);
    errors.set(field, error);
    form.append(label, error);
  }
  const button = element('button', { type: 'submit' }, texts.start);
  const failure = element('p', { class: 'error', role: 'alert' });
  form.append(failure, button);
  form.onsubmit = async (event) => {
    event.preventDefault();
    const answers = Object.fromEntries(new FormData(form) as unknown as Iterable<[string, string]>);
    for (const error of errors.values()) error.textContent = '';
    failure.textContent = '';
    button.disabled = true;
    try {
      await submit(answers);
    } catch (error) {
      if (error instanceof Refused && Object.keys(error.fields).length)
        for (const [field, message] of Object.entries(error.fields)) errors.get(field)?.replaceChildren(message);
      else failure.textContent = error instanceof Error ? error.message : String(error);
    } finally {
      button.disabled = false;
    }
  };
  return form;
}

/** The closed notice with a 1–5 rating and an optional comment; `rate` sends it. */
export function ratingView(
  texts: WidgetTexts,
  rated: boolean,
  rate: (score: number, comment: string) => Promise<void>,
) {
  const box = element('div', { class: 'notice closed', role: 'status' });
  box.append(element('p', {}, texts.closed));
  if (rated) {
    box.append(element('p', {}, texts.rated), element('p', { class: 'hint' }, texts.writeAgain));
    return box;
  }
  const form = element('form', { class: 'rating' });
  form.append(element('p', {}, texts.rate));
  const stars = element('div', { class: 'stars', role: 'radiogroup', 'aria-label': texts.rate });
  let score = 0;
  const buttons = [1, 2, 3, 4, 5].map((n) => {
    const star = element(
      'button',
      { type: 'button', role: 'radio', 'aria-checked': 'false', 'aria-label': fill(texts.star, { n }) },
      '★',
    );
    star.onclick = () => {
      score = n;
      buttons.forEach((b, i) => {
        b.setAttribute('aria-checked', String(i + 1 === n));
        b.classList.toggle('on', i < n);
      });
      submit.disabled = false;
    };
    return star;
  });
  stars.append(...buttons);
  const comment = element('textarea', {
    rows: '2',
    placeholder: texts.comment,
    'aria-label': texts.comment,
    maxlength: '1000',
  });
  const submit = element('button', { type: 'submit' }, texts.sendRating);
  submit.disabled = true;
  const failure = element('p', { class: 'error', role: 'alert' });
  form.append(stars, comment, failure, submit);
  form.onsubmit = async (event) => {
    event.preventDefault();
    if (!score) return;
    submit.disabled = true;
    try {
      await rate(score, comment.value.trim());
    } catch (error) {
      failure.textContent = error instanceof Error ? error.message : String(error);
      submit.disabled = false;
    }
  };
  box.append(form);
  return box;
}

/** Outside business hours: the offline message and a field for the e-mail to be answered at. */
export function offlineView(
  message: string,
  texts: WidgetTexts,
  saved: string | null,
  leave: (email: string) => Promise<void>,
) {
  const box = element('div', { class: 'notice offline', role: 'status' });
  box.append(element('p', {}, message));
  if (saved) {
    box.append(element('p', {}, fill(texts.emailSaved, { email: saved })));
    return box;
  }
  const form = element('form', { class: 'inline-form' });
  const input = element('input', {
    type: 'email',
    required: '',
    autocomplete: 'email',
    'aria-label': texts.leaveEmail,
    placeholder: texts.leaveEmail,
  });
  const button = element('button', { type: 'submit' }, texts.saveEmail);
  const failure = element('p', { class: 'error', role: 'alert' });
  form.append(input, button);
  form.onsubmit = async (event) => {
    event.preventDefault();
    if (!input.value.trim()) return;
    button.disabled = true;
    try {
      await leave(input.value.trim());
    } catch (error) {
      failure.textContent = error instanceof Refused ? (error.fields.email ?? error.message) : String(error);
      button.disabled = false;
    }
  };
  box.append(form, failure);
  return box;
}
