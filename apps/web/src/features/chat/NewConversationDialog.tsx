import type { ConversationDetail } from '@omnichat/contracts';
import { Alert, Button, Flex, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/http/index.ts';
import { useSession } from '../../app/session/use-session.ts';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { type RemoteOption, RemoteSelect } from '../../ui/RemoteSelect.tsx';
import { listCustomers } from '../customers/index.ts';
import { useChannels, useStartConversation } from './chat-api.ts';
import { CHAT_NS } from './i18n/index.ts';
import { replyWindow } from './reply-window.ts';
import { TemplateDialog } from './TemplateDialog.tsx';

interface Values {
  customer_id?: string;
  channel_id?: string;
}

interface NewConversationDialogProps {
  open: boolean;
  onClose: () => void;
  onStarted: (conversationId: string) => void;
  /** the customer, fixed (their page): the picker is hidden */
  customerId?: string;
}

/** Customers matching a term, each labelled with how they are reached. */
async function searchCustomers(term: string): Promise<RemoteOption[]> {
  const { items } = await listCustomers({
    page: 1,
    size: 20,
    keyword: term.trim(),
    filters: { tags: [], tagMode: 'any', custom: {} },
  });
  return items.map((customer) => {
    const contact = customer.phone ?? customer.email;
    return { value: customer.id, label: contact ? `${customer.display_name} · ${contact}` : customer.display_name };
  });
}

/**
 * "New conversation": a customer and a channel; the server opens their conversation there (or the open one). On
 * WhatsApp outside the customer's 24-hour window only a template reaches them, so the template picker follows.
 */
export function NewConversationDialog({ open, onClose, onStarted, customerId }: NewConversationDialogProps) {
  const { t } = useTranslation(CHAT_NS);
  const { workspaceId } = useSession();
  const [needsTemplate, setNeedsTemplate] = useState<ConversationDetail | null>(null);
  const started = (conversation: ConversationDetail) => {
    if (conversation.channel_type === 'whatsapp' && !replyWindow(conversation).open) setNeedsTemplate(conversation);
    else onStarted(conversation.id);
  };
  return (
    <>
      <Modal
        open={open && !needsTemplate}
        onCancel={onClose}
        title={t('tools.start.title')}
        footer={null}
        destroyOnHidden
      >
        {/* the form (and its channel list) only exists while the dialog is open */}
        <StartForm onClose={onClose} onStarted={started} customerId={customerId} />
      </Modal>
      {needsTemplate && (
        <TemplateDialog
          workspaceId={workspaceId}
          conversationId={needsTemplate.id}
          channelId={needsTemplate.channel_id}
          customerId={needsTemplate.customer.id}
          open
          onClose={() => {
            setNeedsTemplate(null);
            onStarted(needsTemplate.id);
          }}
        />
      )}
    </>
  );
}

function StartForm({
  onClose,
  onStarted,
  customerId,
}: Omit<NewConversationDialogProps, 'open' | 'onStarted'> & { onStarted: (conversation: ConversationDetail) => void }) {
  const { t } = useTranslation(CHAT_NS);
  const { workspaceId } = useSession();
  const channels = useChannels(workspaceId);
  const start = useStartConversation();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <ApiForm<Values, ConversationDetail>
      form={form}
      name="new-conversation"
      success={false}
      submit={(values) => {
        setFailure(null);
        const customer_id = customerId ?? values.customer_id ?? '';
        return start.mutateAsync({ customer_id, channel_id: values.channel_id ?? '' });
      }}
      onDone={onStarted}
      onFailed={(error) => {
        if (error instanceof ApiError && error.status >= 400) setFailure(error.message);
      }}
      requiredMark
    >
      {!customerId && (
        <Form.Item
          name="customer_id"
          label={t('tools.start.customer')}
          required
          rules={[{ required: true, message: t('tools.start.customerRequired') }]}
        >
          <RemoteSelect search={searchCustomers} placeholder={t('tools.start.customerPlaceholder')} />
        </Form.Item>
      )}
      <Form.Item
        name="channel_id"
        label={t('tools.start.channel')}
        required
        rules={[{ required: true, message: t('tools.start.channelRequired') }]}
      >
        <Select
          placeholder={t('tools.start.channelPlaceholder')}
          loading={channels.isPending}
          options={(channels.data ?? []).map((channel) => ({
            value: channel.id,
            label: `${channel.name} · ${t(`tools.types.${channel.type}`)}`,
          }))}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('tools.start.windowHint')}</Typography.Paragraph>
      {failure && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('tools.start.failed')}
          description={failure}
          style={{ marginBottom: 16 }}
        />
      )}
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onClose}>{t('common.cancel', { ns: 'translation' })}</Button>
        <SubmitButton>{t('tools.start.submit')}</SubmitButton>
      </Flex>
    </ApiForm>
  );
}
