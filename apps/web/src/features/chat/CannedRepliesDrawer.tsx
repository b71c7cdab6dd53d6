import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { type CannedReply, cannedReplyBodySchema } from '@omnichat/contracts';
import { Alert, Button, Card, Drawer, Empty, Flex, Form, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/http/index.ts';
import { useSession } from '../../app/session/use-session.ts';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import { QueryView } from '../../ui/QueryView.tsx';
import { useCannedReplies, useDeleteCannedReply, useSaveCannedReply } from './chat-api.ts';
import { CHAT_NS } from './i18n/index.ts';

interface Values {
  shortcut: string;
  text: string;
}

const EMPTY: Values = { shortcut: '', text: '' };

interface CannedRepliesDrawerProps {
  open: boolean;
  onClose: () => void;
  /** may add, change and delete (conversation_write); without it the drawer only lists */
  canWrite: boolean;
}

/** The organization's canned replies: what agents insert by typing "/" and a shortcut in the composer. */
export function CannedRepliesDrawer({ open, onClose, canWrite }: CannedRepliesDrawerProps) {
  const { t } = useTranslation(CHAT_NS);
  const { workspaceId } = useSession();
  const replies = useCannedReplies(workspaceId);
  const remove = useDeleteCannedReply(workspaceId);
  const [editing, setEditing] = useState<CannedReply | null>(null);
  const [deleting, setDeleting] = useState<CannedReply | null>(null);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('tools.canned.title')}
      size="min(520px, 100vw)"
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) setEditing(null);
      }}
    >
      {canWrite && (
        // a new key gives the form the chosen reply's values, or empty ones for a new reply
        <ReplyForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      )}
      <QueryView query={replies} rows={4} failed={t('tools.canned.loadFailed')}>
        {(list) =>
          list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tools.canned.empty')} />
          ) : (
            <Flex vertical gap={8}>
              {list.map((reply) => (
                <Card key={reply.id} size="small">
                  <Flex gap={8} align="start">
                    <Flex vertical gap={4} flex={1} style={{ minWidth: 0 }}>
                      <span>
                        <Tag color="blue">/{reply.shortcut}</Tag>
                      </span>
                      <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} ellipsis={{ rows: 3 }}>
                        {reply.text}
                      </Typography.Paragraph>
                    </Flex>
                    {canWrite && (
                      <Flex gap={4}>
                        <Button
                          type="text"
                          icon={<EditOutlined aria-hidden />}
                          aria-label={t('tools.canned.edit', { shortcut: reply.shortcut })}
                          onClick={() => setEditing(reply)}
                        />
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={t('tools.canned.delete', { shortcut: reply.shortcut })}
                          onClick={() => setDeleting(reply)}
                        />
                      </Flex>
                    )}
                  </Flex>
                </Card>
              ))}
            </Flex>
          )
        }
      </QueryView>
      <DeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('tools.canned.deleteTitle', { shortcut: deleting?.shortcut ?? '' })}
        message={t('tools.canned.deleteText')}
        confirmText={t('tools.canned.deleteConfirm')}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          if (editing?.id === deleting.id) setEditing(null);
        }}
      />
    </Drawer>
  );
}

/** Adds a reply, or changes `editing`; a taken shortcut (409) is shown under the shortcut. */
function ReplyForm({ editing, onDone }: { editing: CannedReply | null; onDone: () => void }) {
  const { t } = useTranslation(CHAT_NS);
  const { workspaceId } = useSession();
  const rules = useRules();
  const save = useSaveCannedReply(workspaceId);
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <Card
      size="small"
      title={editing ? t('tools.canned.editTitle', { shortcut: editing.shortcut }) : t('tools.canned.addTitle')}
      style={{ marginBottom: 16 }}
    >
      <ApiForm<Values>
        form={form}
        name="canned-reply"
        initialValues={editing ? { shortcut: editing.shortcut, text: editing.text } : EMPTY}
        submit={(values) => {
          setFailure(null);
          return save.mutateAsync({ id: editing?.id, body: cannedReplyBodySchema.parse(values) });
        }}
        onDone={() => {
          form.resetFields();
          onDone();
        }}
        onFailed={(error) => {
          if (!(error instanceof ApiError) || error.fields?.shortcut) return;
          if (error.status === 409) form.setFields([{ name: 'shortcut', errors: [error.message] }]);
          else if (error.status >= 400) setFailure(error.message);
        }}
        requiredMark
      >
        <Form.Item
          name="shortcut"
          label={t('tools.canned.shortcut')}
          extra={t('tools.canned.shortcutHint')}
          required
          rules={rules.zod(cannedReplyBodySchema.shape.shortcut)}
        >
          <Input prefix="/" autoComplete="off" maxLength={32} />
        </Form.Item>
        <Form.Item
          name="text"
          label={t('tools.canned.text')}
          required
          rules={rules.zod(cannedReplyBodySchema.shape.text)}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
        {failure && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t('tools.canned.saveFailed')}
            description={failure}
            style={{ marginBottom: 16 }}
          />
        )}
        <Flex justify="flex-end" gap={8}>
          {editing && <Button onClick={onDone}>{t('tools.canned.cancelEdit')}</Button>}
          <SubmitButton>{editing ? t('common.save', { ns: 'translation' }) : t('tools.canned.add')}</SubmitButton>
        </Flex>
      </ApiForm>
    </Card>
  );
}
