import { TEMPLATE_CATEGORIES, TEMPLATE_LIMITS, templateBodySchema, type WhatsappTemplate } from '@omnichat/contracts';
import { Alert, Button, Drawer, Flex, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/http/index.ts';
import { useRules } from '../../ui/form/use-rules.ts';
import { setServerFields } from '../../ui/form-errors.ts';
import { LANGUAGE_OPTIONS } from './languages.ts';
import { ButtonFields, HeaderFields, ParameterFields } from './TemplateFields.tsx';
import { TemplatePreview } from './TemplatePreview.tsx';
import { bodyOf, emptyForm, formOf, parameterRows, type TemplateFormValues } from './template-form.ts';
import { useSaveTemplate } from './templates-api.ts';

const fields = templateBodySchema.shape;

/** Create or edit a template, with WhatsApp's rendering of it beside the form as it is typed. */
export function TemplateDrawer({
  open,
  template,
  channels,
  onClose,
}: {
  open: boolean;
  /** the one edited; null to create */
  template: WhatsappTemplate | null;
  channels: { id: string; name: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<TemplateFormValues>();
  const save = useSaveTemplate();
  const [error, setError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | undefined>();
  const values = Form.useWatch([], form) as TemplateFormValues | undefined;

  useEffect(() => {
    if (!open) return;
    setError(null);
    setFileName(undefined);
    form.setFieldsValue(template ? formOf(template) : emptyForm(channels.length === 1 ? channels[0]!.id : undefined));
  }, [open, template, channels, form]);

  const submit = async (submitted: TemplateFormValues) => {
    setError(null);
    try {
      await save.mutateAsync({ id: template?.id, body: bodyOf({ ...form.getFieldsValue(true), ...submitted }) });
      onClose();
    } catch (failure) {
      setServerFields(form, failure);
      setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  };

  const exampleValues = Object.fromEntries((values?.parameters ?? []).map((row) => [row?.key, row?.value]));
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={template ? t('templates.editTitle', { name: template.name }) : t('templates.createTitle')}
      size="min(1040px, 100vw)"
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {template ? t('templates.resubmit') : t('templates.submit')}
          </Button>
        </Flex>
      }
    >
      <Flex gap={24} wrap align="flex-start">
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={emptyForm()}
          style={{ flex: '1 1 360px', minWidth: 0 }}
          onValuesChange={(changed: Partial<TemplateFormValues>) => {
            if ('body' in changed)
              form.setFieldValue('parameters', parameterRows(changed.body ?? '', form.getFieldValue('parameters')));
          }}
        >
          {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
          <Form.Item name="channel_id" label={t('templates.channel')} rules={rules.zod(fields.channel_id)}>
            <Select
              disabled={!!template}
              placeholder={t('templates.channelPlaceholder')}
              options={channels.map((channel) => ({ value: channel.id, label: channel.name }))}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('templates.name')}
            rules={rules.zod(fields.name)}
            extra={t('templates.nameHelp')}
          >
            <Input disabled={!!template} placeholder="order_update" maxLength={TEMPLATE_LIMITS.nameMax} />
          </Form.Item>
          <Flex gap={12} wrap>
            <Form.Item
              name="category"
              label={t('templates.category')}
              rules={rules.zod(fields.category)}
              style={{ flex: '1 1 160px' }}
            >
              <Select
                options={TEMPLATE_CATEGORIES.map((value) => ({ value, label: t(`templates.categories.${value}`) }))}
              />
            </Form.Item>
            <Form.Item
              name="language"
              label={t('templates.language')}
              rules={rules.zod(fields.language)}
              style={{ flex: '1 1 200px' }}
            >
              <Select showSearch optionFilterProp="label" disabled={!!template} options={LANGUAGE_OPTIONS} />
            </Form.Item>
          </Flex>
          <HeaderFields fileName={fileName} onFile={setFileName} />
          <Form.Item
            name="body"
            label={t('templates.body')}
            rules={rules.zod(fields.body)}
            extra={t('templates.bodyHelp', { one: '{{1}}', two: '{{2}}' })}
          >
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={TEMPLATE_LIMITS.bodyMax} showCount />
          </Form.Item>
          <ParameterFields />
          <Form.Item name="footer" label={t('templates.footer')}>
            <Input maxLength={TEMPLATE_LIMITS.footerMax} showCount />
          </Form.Item>
          <ButtonFields />
        </Form>
        <div style={{ flex: '1 1 300px', position: 'sticky', top: 0 }}>
          <TemplatePreview
            header={{ ...values?.header, fileName }}
            body={values?.body}
            footer={values?.footer}
            values={exampleValues}
            buttons={values?.buttons?.map((button) => ({ type: button?.type ?? '', text: button?.text }))}
          />
        </div>
      </Flex>
    </Drawer>
  );
}
