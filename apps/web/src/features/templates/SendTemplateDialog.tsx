import { type Customer, customerEndpoints, placeholdersOf, type WhatsappTemplate } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, http } from '../../app/http/index.ts';
import { TemplatePreview } from './TemplatePreview.tsx';
import { useApprovedTemplates } from './templates-api.ts';
import './i18n/index.ts';

/** The customer's fields a parameter can take its value from. */
export const CUSTOMER_FIELDS = ['first_name', 'last_name', 'name', 'company', 'email', 'phone'] as const;
type Source = (typeof CUSTOMER_FIELDS)[number] | 'typed';

const fieldOf = (customer: Customer | undefined, field: Source) =>
  !customer || field === 'typed'
    ? ''
    : field === 'name'
      ? customer.display_name
      : field === 'phone'
        ? (customer.phone ?? customer.whatsapp_id ?? '')
        : (customer[field] ?? '');

/** What the send route takes: `{type: 'template', template: {name, language, components}}`, values in key order. */
export function templateMessage(template: WhatsappTemplate, values: Record<string, string>) {
  const keys = placeholdersOf(template.body).sort((a, b) => Number(a) - Number(b));
  return {
    type: 'template' as const,
    template: {
      name: template.name,
      language: template.language,
      ...(keys.length && {
        components: [{ type: 'body', parameters: keys.map((key) => ({ type: 'text', text: values[key] ?? '' })) }],
      }),
    },
  };
}

/**
 * Picks one of the channel's approved templates, fills each placeholder from a field of the customer or typed
 * text, shows WhatsApp's rendering, and hands the message to `onSend`.
 */
export function SendTemplateDialog({
  workspaceId,
  channelId,
  customerId,
  open,
  sending,
  onSend,
  onClose,
}: {
  workspaceId: string | null;
  channelId: string;
  customerId: string;
  open: boolean;
  sending: boolean;
  onSend: (message: ReturnType<typeof templateMessage>) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const templates = useApprovedTemplates(workspaceId, channelId);
  const customer = useQuery({
    queryKey: ['customers', workspaceId, 'detail', customerId],
    queryFn: () => http.call(customerEndpoints.get, { params: { id: customerId } }),
    enabled: open,
  });
  const [templateId, setTemplateId] = useState<string>();
  const [sources, setSources] = useState<Record<string, Source>>({});
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const template = templates.data?.find((item) => item.id === templateId);
  const keys = template ? placeholdersOf(template.body) : [];
  const sourceOf = (key: string): Source => sources[key] ?? (key === '1' ? 'first_name' : 'typed');
  const values = Object.fromEntries(
    keys.map((key) => [key, sourceOf(key) === 'typed' ? (typed[key] ?? '') : fieldOf(customer.data, sourceOf(key))]),
  );
  const missing = keys.some((key) => !values[key]?.trim());

  const send = async () => {
    if (!template) return;
    setError(null);
    try {
      await onSend(templateMessage(template, values));
      setTemplateId(undefined);
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  };

  return (
    <Modal
      open={open}
      title={t('templates.pick.title')}
      okText={t('templates.pick.send')}
      okButtonProps={{ disabled: !template || missing }}
      onOk={send}
      confirmLoading={sending}
      onCancel={onClose}
      width="min(760px, 100vw)"
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      {templates.data && !templates.data.length ? (
        <Empty description={t('templates.pick.none')} />
      ) : (
        <Flex gap={16} wrap align="flex-start">
          <Form layout="vertical" style={{ flex: '1 1 280px', minWidth: 0 }}>
            <Form.Item label={t('templates.pick.template')}>
              <Select
                showSearch
                optionFilterProp="label"
                aria-label={t('templates.pick.template')}
                loading={templates.isPending}
                placeholder={t('templates.pick.templatePlaceholder')}
                value={templateId}
                onChange={setTemplateId}
                options={(templates.data ?? []).map((item) => ({
                  value: item.id,
                  label: `${item.name} · ${item.language}`,
                }))}
              />
            </Form.Item>
            {keys.map((key) => {
              const placeholder = `{{${key}}}`;
              return (
                <Form.Item key={key} label={t('templates.pick.parameter', { placeholder })}>
                  <Flex gap={8} wrap>
                    <Select
                      style={{ minWidth: 140 }}
                      aria-label={t('templates.pick.field', { placeholder })}
                      value={sourceOf(key)}
                      onChange={(value) => setSources((current) => ({ ...current, [key]: value }))}
                      options={[
                        ...CUSTOMER_FIELDS.map((value) => ({ value, label: t(`templates.pick.fields.${value}`) })),
                        { value: 'typed', label: t('templates.pick.typed') },
                      ]}
                    />
                    {sourceOf(key) === 'typed' && (
                      <Input
                        style={{ flex: 1, minWidth: 120 }}
                        aria-label={t('templates.pick.typedValue', { placeholder })}
                        value={typed[key] ?? ''}
                        onChange={(event) => setTyped((current) => ({ ...current, [key]: event.target.value }))}
                      />
                    )}
                  </Flex>
                </Form.Item>
              );
            })}
          </Form>
          <div style={{ flex: '1 1 260px' }}>
            {template && (
              <TemplatePreview
                header={template.header}
                body={template.body}
                footer={template.footer}
                values={values}
                buttons={template.buttons.map((button) => ({ type: String(button.type), text: String(button.text) }))}
              />
            )}
          </div>
        </Flex>
      )}
    </Modal>
  );
}
