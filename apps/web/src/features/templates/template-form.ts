import {
  placeholdersOf,
  type TemplateBody,
  type TemplateButton,
  type TemplateCategory,
  type TemplateHeaderType,
  type WhatsappTemplate,
} from '@omnichat/contracts';

/** The form's values: the body of the contracts, loosely typed while the user fills it. */
export interface TemplateFormValues {
  channel_id?: string;
  name?: string;
  category?: TemplateCategory;
  language?: string;
  header: { type: TemplateHeaderType; text?: string; attachment_id?: string };
  body?: string;
  footer?: string;
  parameters: { key: string; value?: string }[];
  buttons?: Partial<TemplateButton & { url: string; phone_number: string }>[];
}

export const emptyForm = (channelId?: string): TemplateFormValues => ({
  channel_id: channelId,
  category: 'marketing',
  language: 'en_US',
  header: { type: 'none' },
  parameters: [],
  buttons: [],
});

export const formOf = (template: WhatsappTemplate): TemplateFormValues => ({
  channel_id: template.channel_id,
  name: template.name,
  category: template.category,
  language: template.language,
  header: template.header,
  body: template.body,
  footer: template.footer ?? undefined,
  parameters: template.parameters,
  buttons: template.buttons as TemplateFormValues['buttons'],
});

/** One parameter row per placeholder of the body, in order, keeping the values already typed. */
export function parameterRows(body: string, current: TemplateFormValues['parameters'] = []) {
  const values = new Map(current.map((row) => [row?.key, row?.value]));
  return placeholdersOf(body).map((key) => ({ key, value: values.get(key) ?? '' }));
}

/** What the server takes: empty optional parts left out, a header's fields only where its type takes them. */
export function bodyOf(values: TemplateFormValues): TemplateBody {
  const { type, text, attachment_id } = values.header;
  return {
    channel_id: values.channel_id ?? '',
    name: values.name ?? '',
    category: values.category ?? 'marketing',
    language: values.language ?? '',
    header: type === 'text' ? { type, text } : type === 'none' ? { type } : { type, attachment_id },
    body: values.body ?? '',
    footer: values.footer?.trim() || undefined,
    parameters: values.parameters.map((row) => ({ key: row.key, value: row.value ?? '' })),
    buttons: (values.buttons ?? []).map(
      (button) =>
        (button.type === 'URL'
          ? { type: 'URL', text: button.text, url: button.url }
          : button.type === 'PHONE_NUMBER'
            ? { type: 'PHONE_NUMBER', text: button.text, phone_number: button.phone_number }
            : { type: 'QUICK_REPLY', text: button.text }) as TemplateButton,
    ),
  };
}
