import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import {
  EMAIL_TEMPLATE_LIMITS,
  EMAIL_TEMPLATE_VARIABLES,
  type EmailAttachment,
  type EmailTemplate,
  type EmailTemplatePreview,
  emailTemplateBodySchema,
  resolveLocale,
  translate,
} from '@omnichat/contracts';
import { Alert, Button, Divider, Dropdown, Flex, Form, Input, type InputRef, Select, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/http/index.ts';
import { showToast } from '../../../app/toast/toast-store.ts';
import { FormDrawer, useFormFailure } from '../../../ui/FormDrawer.tsx';
import { useRules } from '../../../ui/form/use-rules.ts';
import { Text } from '../../../ui/text.tsx';
import { useRemoteSearch } from '../../../ui/use-remote-search.ts';
import {
  searchCustomers,
  uploadEmailAttachment,
  usePreviewEmailTemplate,
  useSaveEmailTemplate,
} from './email-templates-api.ts';
import { RichTextEditor, type RichTextHandle } from './RichTextEditor.tsx';

const fields = emailTemplateBodySchema.shape;
const asVariable = (name: string) => `{{${name}}}`;

interface Values {
  name: string;
  subject: string;
  recipients: string[];
  body_html: string;
}

/** A menu of the variables a template may use; choosing one hands `{{name}}` to `onPick`. */
function VariableMenu({
  label,
  onPick,
  disabled,
}: {
  label: string;
  onPick: (text: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      disabled={disabled}
      menu={{
        items: EMAIL_TEMPLATE_VARIABLES.map((name) => ({
          key: name,
          label: `${t(`emailTemplates.variables.${name}`)} · ${asVariable(name)}`,
        })),
        onClick: ({ key }) => onPick(asVariable(key)),
      }}
    >
      <Button size="small" aria-label={label} onMouseDown={(event) => event.preventDefault()}>
        {t('emailTemplates.insertVariable')}
      </Button>
    </Dropdown>
  );
}

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The preview of a saved template for a chosen customer: its recipients, subject and body (in a sandbox). */
function PreviewPanel({ templateId }: { templateId: string }) {
  const { t } = useTranslation();
  const remote = useRemoteSearch(searchCustomers);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const preview = usePreviewEmailTemplate();
  const [shown, setShown] = useState<EmailTemplatePreview | null>(null);
  const show = async () => {
    if (!customerId) return;
    setShown(await preview.mutateAsync({ id: templateId, customerId }).catch(() => null));
  };
  return (
    <Flex vertical gap={8}>
      <Text secondary>{t('emailTemplates.previewSaved')}</Text>
      <Flex gap={8} wrap>
        <Select
          showSearch
          filterOption={false}
          aria-label={t('emailTemplates.previewCustomer')}
          placeholder={t('emailTemplates.previewCustomerPlaceholder')}
          loading={remote.loading}
          onSearch={remote.onSearch}
          onOpenChange={remote.onOpen}
          options={remote.found}
          value={customerId}
          onChange={setCustomerId}
          style={{ minWidth: 260, flex: 1 }}
        />
        <Button onClick={() => void show()} disabled={!customerId} loading={preview.isPending}>
          {t('emailTemplates.previewButton')}
        </Button>
      </Flex>
      {preview.error instanceof ApiError && <Alert type="error" showIcon title={preview.error.message} />}
      {shown && (
        <Flex vertical gap={4}>
          <Text>
            <Text strong>{t('emailTemplates.previewTo')}: </Text>
            {shown.to.length ? shown.to.join(', ') : t('emailTemplates.previewNobody')}
          </Text>
          <Text>
            <Text strong>{t('emailTemplates.previewSubject')}: </Text>
            {shown.subject}
          </Text>
          {shown.missing_variables.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={t('emailTemplates.previewMissing', { variables: shown.missing_variables.join(', ') })}
            />
          )}
          {/* the body is sanitised by the server; a sandbox without scripts or same origin shows it anyway */}
          <iframe
            title={t('emailTemplates.previewTitle')}
            sandbox=""
            srcDoc={shown.html}
            style={{ width: '100%', minHeight: 240, border: '1px solid rgba(127,127,127,0.3)', borderRadius: 6 }}
          />
        </Flex>
      )}
    </Flex>
  );
}

/** Creates or edits an e-mail template: name, subject, recipients, rich-text body, attachments, and a preview. */
export function EmailTemplateDrawer({
  open,
  template,
  canWrite,
  onClose,
}: {
  open: boolean;
  /** null: a new template */
  template: EmailTemplate | null;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<Values>();
  const save = useSaveEmailTemplate();
  const { error, attempt } = useFormFailure(form);
  const [attachments, setAttachments] = useState<EmailAttachment[]>(template?.attachments ?? []);
  const [uploading, setUploading] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [savedId, setSavedId] = useState<string | null>(template?.id ?? null);
  const subject = useRef<InputRef>(null);
  const body = useRef<RichTextHandle | null>(null);
  const file = useRef<HTMLInputElement>(null);

  const insertIntoSubject = (text: string) => {
    const input = subject.current?.input;
    const current = form.getFieldValue('subject') ?? '';
    const at = input?.selectionStart ?? current.length;
    const end = input?.selectionEnd ?? at;
    form.setFieldValue('subject', `${current.slice(0, at)}${text}${current.slice(end)}`);
  };

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setUploadError(null);
    if (chosen.size > EMAIL_TEMPLATE_LIMITS.attachmentMaxBytes) {
      setUploadError(t('emailTemplates.tooLarge', { name: chosen.name }));
      return;
    }
    setUploading(chosen.name);
    try {
      const uploaded = await uploadEmailAttachment(chosen);
      setAttachments((list) => [...list, uploaded]);
    } catch (failure) {
      setUploadError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setUploading(null);
      if (file.current) file.current.value = '';
    }
  };

  const submit = (values: Values) =>
    attempt(async () => {
      const saved = await save.mutateAsync({
        id: savedId ?? undefined,
        body: { ...values, body_html: values.body_html ?? '', attachment_ids: attachments.map((a) => a.id) },
      });
      // the drawer stays open on the saved template (what the server kept of the body): it can be previewed now
      setSavedId(saved.id);
      form.setFieldValue('body_html', saved.body_html);
      showToast('success', translate('save_success', resolveLocale(i18n.resolvedLanguage ?? i18n.language)));
    });

  const recipientOptions = EMAIL_TEMPLATE_VARIABLES.filter((name) => name === 'customer.email').map((name) => ({
    value: asVariable(name),
    label: `${t(`emailTemplates.variables.${name}`)} · ${asVariable(name)}`,
  }));

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={savedId ? t('emailTemplates.editTitle') : t('emailTemplates.createTitle')}
      width={720}
      saveLabel={savedId ? undefined : t('common.create')}
      saving={save.isPending}
      disabled={!canWrite || uploading !== null}
      error={error}
      onSave={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        disabled={!canWrite}
        initialValues={{
          name: template?.name ?? '',
          subject: template?.subject ?? '',
          recipients: template?.recipients ?? ['{{customer.email}}'],
          body_html: template?.body_html ?? '',
        }}
      >
        <Form.Item name="name" label={t('emailTemplates.name')} rules={rules.zod(fields.name)}>
          <Input autoFocus maxLength={EMAIL_TEMPLATE_LIMITS.nameMax - 1} />
        </Form.Item>
        <Form.Item label={t('emailTemplates.subject')} required>
          <Flex gap={8}>
            <Form.Item name="subject" noStyle rules={rules.zod(fields.subject)}>
              <Input
                ref={subject}
                aria-label={t('emailTemplates.subject')}
                maxLength={EMAIL_TEMPLATE_LIMITS.subjectMax}
              />
            </Form.Item>
            <VariableMenu
              label={t('emailTemplates.insertVariableInto', { field: t('emailTemplates.subject') })}
              onPick={insertIntoSubject}
              disabled={!canWrite}
            />
          </Flex>
        </Form.Item>
        <Form.Item
          name="recipients"
          label={t('emailTemplates.recipients')}
          extra={t('emailTemplates.recipientsHelp')}
          rules={rules.zod(fields.recipients)}
        >
          <Select
            mode="tags"
            aria-label={t('emailTemplates.recipients')}
            placeholder={t('emailTemplates.recipientsPlaceholder')}
            options={recipientOptions}
            tokenSeparators={[',', ';', ' ']}
            maxCount={EMAIL_TEMPLATE_LIMITS.recipientsMax}
          />
        </Form.Item>
        <Form.Item name="body_html" label={t('emailTemplates.body')} rules={rules.zod(fields.body_html)}>
          <RichTextEditor
            label={t('emailTemplates.bodyLabel')}
            disabled={!canWrite}
            editorRef={body}
            extra={
              <VariableMenu
                label={t('emailTemplates.insertVariableInto', { field: t('emailTemplates.body') })}
                onPick={(text) => body.current?.insertText(text)}
                disabled={!canWrite}
              />
            }
          />
        </Form.Item>
      </Form>

      <Typography.Title level={5}>{t('emailTemplates.attachments')}</Typography.Title>
      <Flex vertical gap={8}>
        {attachments.map((attachment) => (
          <Flex key={attachment.id} gap={8} align="center">
            <PaperClipOutlined aria-hidden />
            <Text>{attachment.name}</Text>
            <Text secondary>{sizeOf(attachment.size)}</Text>
            {canWrite && (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('emailTemplates.removeAttachment', { name: attachment.name })}
                onClick={() => setAttachments((list) => list.filter((a) => a.id !== attachment.id))}
              />
            )}
          </Flex>
        ))}
        {uploading && <Text secondary>{t('emailTemplates.uploading', { name: uploading })}</Text>}
        {uploadError && <Alert type="error" showIcon title={uploadError} role="alert" />}
        {canWrite && attachments.length < EMAIL_TEMPLATE_LIMITS.attachmentsMax && (
          <div>
            <input
              ref={file}
              type="file"
              hidden
              aria-label={t('emailTemplates.attach')}
              onChange={(event) => void choose(event.target.files?.[0])}
            />
            <Button
              icon={<PaperClipOutlined aria-hidden />}
              onClick={() => file.current?.click()}
              disabled={!!uploading}
            >
              {t('emailTemplates.attach')}
            </Button>
          </div>
        )}
        <Text secondary>{t('emailTemplates.attachHelp')}</Text>
      </Flex>

      <Divider />
      <Typography.Title level={5}>{t('emailTemplates.preview')}</Typography.Title>
      {savedId ? <PreviewPanel templateId={savedId} /> : <Text secondary>{t('emailTemplates.previewSaveFirst')}</Text>}
    </FormDrawer>
  );
}
