import { InboxOutlined } from '@ant-design/icons';
import { CS_AGENT_LIMITS, KNOWLEDGE_IMPORT_EXTENSIONS } from '@omnichat/contracts';
import { Form, Input, Segmented, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/toast/toast-store.ts';
import { FormDrawer, useFormFailure } from '../../ui/FormDrawer.tsx';
import { acceptsFile, formatBytes } from '../../ui/upload-file.ts';
import { useArticleImport } from './cs-agents-api.ts';

type Mode = 'file' | 'url';
const ACCEPT = KNOWLEDGE_IMPORT_EXTENSIONS.join(',');

/**
 * Import a knowledge article from a file (.txt, .md, .pdf, .docx) or a public web address: the server reads its
 * text, titles it by the file name or the page's title and indexes it; its refusal is shown above the choice.
 */
export function ImportArticleDrawer({
  agentId,
  open,
  onClose,
}: {
  agentId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ url: string }>();
  const importArticle = useArticleImport(agentId);
  const { error, clear, attempt } = useFormFailure(form);
  const [mode, setMode] = useState<Mode>('file');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    clear();
    setFile(null);
    setFileError(null);
  }, [open, clear]);

  const choose = (chosen: File) => {
    clear();
    if (!acceptsFile(chosen, KNOWLEDGE_IMPORT_EXTENSIONS))
      setFileError(t('csAgents.knowledge.import.typeRefused', { types: KNOWLEDGE_IMPORT_EXTENSIONS.join(', ') }));
    else if (chosen.size > CS_AGENT_LIMITS.importMaxBytes)
      setFileError(t('csAgents.knowledge.import.tooLarge', { size: formatBytes(CS_AGENT_LIMITS.importMaxBytes) }));
    else setFileError(null);
    setFile(chosen);
    return false;
  };

  const run = (source: { file: File } | { url: string }) =>
    attempt(async () => {
      const article = await importArticle.mutateAsync(source);
      toast.success(t('csAgents.knowledge.import.done', { title: article.title }));
      onClose();
    });

  const submit = () => {
    if (mode === 'url') {
      form.submit();
      return;
    }
    if (!file) setFileError(t('csAgents.knowledge.import.fileRequired'));
    else if (!fileError) void run({ file });
  };

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={t('csAgents.knowledge.import.title')}
      width={560}
      saveLabel={t('csAgents.knowledge.import.submit')}
      saving={importArticle.isPending}
      error={error}
      onSave={submit}
    >
      <Segmented<Mode>
        block
        value={mode}
        onChange={(value) => {
          setMode(value);
          clear();
        }}
        options={[
          { value: 'file', label: t('csAgents.knowledge.import.fromFile') },
          { value: 'url', label: t('csAgents.knowledge.import.fromUrl') },
        ]}
        style={{ marginBottom: 16 }}
      />
      {mode === 'file' ? (
        <Form key="file" layout="vertical" component="div">
          <Form.Item
            label={t('csAgents.knowledge.import.file')}
            extra={t('csAgents.knowledge.import.fileHint')}
            validateStatus={fileError ? 'error' : undefined}
            help={fileError ?? undefined}
          >
            <Upload.Dragger
              accept={ACCEPT}
              maxCount={1}
              disabled={importArticle.isPending}
              beforeUpload={choose}
              onRemove={() => {
                setFile(null);
                setFileError(null);
              }}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined aria-hidden />
              </p>
              <p>{t('csAgents.knowledge.import.drop')}</p>
            </Upload.Dragger>
          </Form.Item>
        </Form>
      ) : (
        <Form
          key="url"
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={(values) => run({ url: values.url.trim() })}
        >
          <Form.Item
            name="url"
            label={t('csAgents.knowledge.import.url')}
            extra={t('csAgents.knowledge.import.urlHint')}
            rules={[{ required: true, whitespace: true, message: t('csAgents.knowledge.import.urlRequired') }]}
          >
            <Input
              autoFocus
              type="url"
              inputMode="url"
              placeholder="https://"
              maxLength={CS_AGENT_LIMITS.urlMax}
              disabled={importArticle.isPending}
            />
          </Form.Item>
        </Form>
      )}
    </FormDrawer>
  );
}
