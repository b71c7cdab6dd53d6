import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../app/http/index.ts';
import { useSendMessage } from './chat-api.ts';
import { CHAT_NS } from './i18n/index.ts';

interface TemplateForm {
  name: string;
  language: string;
  parameters?: string;
}

/**
 * Send an approved WhatsApp template by its name and language, with its body's parameters one per line: the
 * one message allowed outside the 24-hour window. (The templates page will offer a picker of approved ones.)
 */
export function TemplateDialog({
  workspaceId,
  conversationId,
  open,
  onClose,
}: {
  workspaceId: string | null;
  conversationId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(CHAT_NS);
  const [form] = Form.useForm<TemplateForm>();
  const send = useSendMessage(workspaceId, conversationId);
  const [error, setError] = useState<string | null>(null);

  const submit = ({ name, language, parameters }: TemplateForm) => {
    setError(null);
    const values = (parameters ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    send.mutate(
      {
        body: {
          type: 'template',
          template: {
            name: name.trim(),
            language: language.trim(),
            ...(values.length && {
              components: [{ type: 'body', parameters: values.map((text) => ({ type: 'text', text })) }],
            }),
          },
        },
      },
      {
        onSuccess: () => {
          form.resetFields();
          onClose();
        },
        onError: (failure) => setError((failure as ApiError).message),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('template.title')}
      okText={t('template.send')}
      onOk={() => form.submit()}
      confirmLoading={send.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ language: 'en_US' }} onFinish={submit}>
        {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
        <Form.Item
          name="name"
          label={t('template.name')}
          rules={[{ required: true, pattern: /^[a-z0-9_]{1,512}$/, message: t('template.nameRule') }]}
        >
          <Input placeholder="order_update" />
        </Form.Item>
        <Form.Item
          name="language"
          label={t('template.language')}
          rules={[{ required: true, pattern: /^[a-z]{2,3}(_[A-Za-z]{2,4})?$/, message: t('template.languageRule') }]}
        >
          <Input placeholder="en_US" />
        </Form.Item>
        <Form.Item name="parameters" label={t('template.parameters')} extra={t('template.parametersHelp')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
