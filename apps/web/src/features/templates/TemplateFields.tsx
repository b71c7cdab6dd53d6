import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  TEMPLATE_HEADER_TYPES,
  TEMPLATE_LIMITS,
  type TemplateHeaderType,
  templateBodySchema,
} from '@omnichat/contracts';
import { Button, Flex, Form, Input, Radio, Select, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../app/http/index.ts';
import { useRules } from '../../ui/form/use-rules.ts';
import { uploadHeaderMedia } from './templates-api.ts';

const headerText = z.string({ error: 'template_header_text_required' }).trim().min(1, {
  error: 'template_header_text_required',
});
const headerMedia = z.string({ error: 'template_header_media_required' }).min(1, {
  error: 'template_header_media_required',
});
const parameterValue = templateBodySchema.shape.parameters.unwrap().element.shape.value;
const ACCEPT = { image: 'image/jpeg,image/png', video: 'video/mp4', document: 'application/pdf' } as const;

/** The header: its type, then its text or a sample file uploaded to Meta through the server. */
export function HeaderFields({ fileName, onFile }: { fileName?: string; onFile: (name: string | undefined) => void }) {
  const { t } = useTranslation();
  const rules = useRules();
  const form = Form.useFormInstance();
  const type = Form.useWatch(['header', 'type'], form) as TemplateHeaderType | undefined;
  const channelId = Form.useWatch('channel_id', form);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setUploadError(null);
    setUploading(true);
    try {
      const uploaded = await uploadHeaderMedia(channelId, file);
      form.setFieldValue(['header', 'attachment_id'], uploaded.attachment_id);
      onFile(uploaded.file_name);
      await form.validateFields([['header', 'attachment_id']]);
    } catch (error) {
      setUploadError(error instanceof ApiError ? error.message : String(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <Form.Item name={['header', 'type']} label={t('templates.header')}>
        <Radio.Group
          optionType="button"
          options={TEMPLATE_HEADER_TYPES.map((value) => ({ value, label: t(`templates.headerType.${value}`) }))}
          onChange={() => {
            form.setFieldValue(['header', 'attachment_id'], undefined);
            onFile(undefined);
          }}
        />
      </Form.Item>
      {type === 'text' && (
        <Form.Item name={['header', 'text']} label={t('templates.headerText')} rules={rules.zod(headerText)}>
          <Input maxLength={TEMPLATE_LIMITS.headerTextMax} showCount />
        </Form.Item>
      )}
      {(type === 'image' || type === 'video' || type === 'document') && (
        <Form.Item
          label={t('templates.headerFile')}
          required
          extra={uploadError ? undefined : t('templates.headerFileHelp')}
          validateStatus={uploadError ? 'error' : undefined}
          help={uploadError ?? undefined}
        >
          <Form.Item name={['header', 'attachment_id']} noStyle rules={rules.zod(headerMedia)}>
            <Input type="hidden" />
          </Form.Item>
          <Flex gap={8} align="center" wrap>
            <Upload
              accept={ACCEPT[type]}
              maxCount={1}
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined aria-hidden />} loading={uploading} disabled={!channelId}>
                {t('templates.chooseFile')}
              </Button>
            </Upload>
            {fileName && <span>{fileName}</span>}
          </Flex>
        </Form.Item>
      )}
    </>
  );
}

/** One row per placeholder of the body: its example value (Meta reviews the template with them). */
export function ParameterFields() {
  const { t } = useTranslation();
  const rules = useRules();
  return (
    <Form.List name="parameters">
      {(rows) =>
        rows.length ? (
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend style={{ fontSize: 14, marginBottom: 8 }}>{t('templates.parameters')}</legend>
            {rows.map((row, index) => (
              <Flex key={row.key} gap={8} align="baseline">
                <Form.Item name={[row.name, 'key']} style={{ width: 72 }}>
                  <Input
                    readOnly
                    aria-label={t('templates.parameterKey', { index: index + 1 })}
                    prefix="{{"
                    suffix="}}"
                  />
                </Form.Item>
                <Form.Item name={[row.name, 'value']} style={{ flex: 1 }} rules={rules.zod(parameterValue)}>
                  <Input aria-label={t('templates.parameterValue', { index: index + 1 })} />
                </Form.Item>
              </Flex>
            ))}
          </fieldset>
        ) : null
      }
    </Form.List>
  );
}

/** Optional buttons in Meta's kinds and limits. */
export function ButtonFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const buttons = Form.useWatch('buttons', form) ?? [];
  return (
    <Form.List name="buttons">
      {(rows, { add, remove }) => (
        <Flex vertical gap={4}>
          <span>{t('templates.buttons')}</span>
          {rows.map((row, index) => (
            <Flex key={row.key} gap={8} wrap align="baseline">
              <Form.Item name={[row.name, 'type']} style={{ width: 140 }}>
                <Select
                  aria-label={t('templates.buttonType', { index: index + 1 })}
                  options={['QUICK_REPLY', 'URL', 'PHONE_NUMBER'].map((value) => ({
                    value,
                    label: t(`templates.buttonKind.${value}`),
                  }))}
                />
              </Form.Item>
              <Form.Item name={[row.name, 'text']} style={{ flex: 1, minWidth: 120 }}>
                <Input
                  maxLength={TEMPLATE_LIMITS.buttonTextMax}
                  aria-label={t('templates.buttonText', { index: index + 1 })}
                  placeholder={t('templates.buttonTextPlaceholder')}
                />
              </Form.Item>
              {buttons[index]?.type === 'URL' && (
                <Form.Item name={[row.name, 'url']} style={{ flex: 1, minWidth: 160 }}>
                  <Input aria-label={t('templates.buttonUrl', { index: index + 1 })} placeholder="https://" />
                </Form.Item>
              )}
              {buttons[index]?.type === 'PHONE_NUMBER' && (
                <Form.Item name={[row.name, 'phone_number']} style={{ flex: 1, minWidth: 160 }}>
                  <Input aria-label={t('templates.buttonPhone', { index: index + 1 })} placeholder="+852…" />
                </Form.Item>
              )}
              <Button
                type="text"
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('templates.removeButton', { index: index + 1 })}
                onClick={() => remove(row.name)}
              />
            </Flex>
          ))}
          {rows.length < TEMPLATE_LIMITS.buttonsMax && (
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ type: 'QUICK_REPLY', text: '' })}>
              {t('templates.addButton')}
            </Button>
          )}
        </Flex>
      )}
    </Form.List>
  );
}
