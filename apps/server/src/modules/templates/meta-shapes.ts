import type {
  TemplateBody,
  TemplateButton,
  TemplateCategory,
  TemplateHeader,
  TemplateStatus,
  templateBodySchema,
} from '@omnichat/contracts';
import type { z } from 'zod';
import type { Template, TemplateDefinition } from '../../integrations/meta/whatsapp.ts';

/** Meta's template JSON from ours and back ("Create templates" components, lowercased states). */

export type Body = z.output<typeof templateBodySchema>;
type Components = TemplateDefinition['components'];

export const metaCategoryOf = (category: TemplateCategory) => (category === 'marketing' ? 'MARKETING' : 'UTILITY');

/** Ours from Meta's: MARKETING, UTILITY (kept transactional when it was), AUTHENTICATION as transactional. */
export function categoryOf(meta: string, was?: TemplateCategory): TemplateCategory {
  const upper = meta.toUpperCase();
  if (upper === 'MARKETING') return 'marketing';
  if (upper === 'UTILITY') return was === 'transactional' ? 'transactional' : 'utility';
  if (upper === 'AUTHENTICATION') return 'transactional';
  return was ?? 'utility';
}

/** Meta's status or webhook event as ours; a deletion reads as disabled, an appeal or anything new as pending. */
export function statusOf(meta: string): TemplateStatus {
  const upper = meta.toUpperCase();
  if (upper === 'APPROVED') return 'approved';
  if (upper === 'REJECTED') return 'rejected';
  if (upper === 'PAUSED') return 'paused';
  if (['DISABLED', 'DELETED', 'PENDING_DELETION', 'ARCHIVED'].includes(upper)) return 'disabled';
  return 'pending';
}

const byKey = (parameters: Body['parameters']) =>
  [...parameters].sort((a, b) => Number(a.key) - Number(b.key)).map((p) => p.value);

/** The components Meta takes; `handle` is the media header sample's upload handle. */
export function componentsOf(body: Body, handle: string | null): Components {
  const components: Components = [];
  const { header } = body;
  if (header.type === 'text') components.push({ type: 'HEADER', format: 'TEXT', text: header.text ?? '' });
  else if (header.type !== 'none')
    components.push({ type: 'HEADER', format: header.type.toUpperCase(), example: { header_handle: [handle] } });
  components.push({
    type: 'BODY',
    text: body.body,
    ...(body.parameters.length > 0 && { example: { body_text: [byKey(body.parameters)] } }),
  });
  if (body.footer) components.push({ type: 'FOOTER', text: body.footer });
  if (body.buttons?.length) components.push({ type: 'BUTTONS', buttons: body.buttons });
  return components;
}

type Stored = {
  header: TemplateHeader;
  body: string;
  footer: string | null;
  parameters: { key: string; value: string }[];
  buttons: Record<string, unknown>[];
};

/** A template read from Meta (a sync) in our fields; the examples become the parameters. */
export function storedOf(template: Template): Stored {
  const stored: Stored = { header: { type: 'none' }, body: '', footer: null, parameters: [], buttons: [] };
  for (const component of template.components as Record<string, unknown>[]) {
    const type = String(component.type).toUpperCase();
    if (type === 'HEADER') {
      const format = String(component.format ?? 'TEXT').toLowerCase();
      stored.header = format === 'text' ? { type: 'text', text: String(component.text ?? '') } : headerOf(format);
    } else if (type === 'BODY') {
      stored.body = String(component.text ?? '');
      const example = (component.example as { body_text?: unknown[][] } | undefined)?.body_text?.[0] ?? [];
      stored.parameters = example.map((value, i) => ({ key: String(i + 1), value: String(value) }));
    } else if (type === 'FOOTER') stored.footer = String(component.text ?? '');
    else if (type === 'BUTTONS' && Array.isArray(component.buttons))
      stored.buttons = component.buttons as Record<string, unknown>[];
  }
  return stored;
}

const headerOf = (format: string): TemplateHeader =>
  ['image', 'video', 'document'].includes(format)
    ? { type: format as 'image' | 'video' | 'document' }
    : { type: 'none' };

export type { TemplateBody, TemplateButton };
