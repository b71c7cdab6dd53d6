import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type ConversationLabel, LABEL_COLORS } from '@omnichat/contracts';
import { Button, Card, Empty, Flex, Form, Input, List, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/use-session.ts';
import { ColorField } from '../../ui/ColorField.tsx';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { useDeleteLabel, useLabels, useSaveLabel } from './desk-api.ts';
import { CHAT_NS } from './i18n/index.ts';

/**
 * The organization's conversation labels, beside its channels: everyone who opens the page sees them; those who
 * manage channels (`channel_write`) add, rename, recolour and delete them.
 */
export function LabelsSettings({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation(CHAT_NS);
  const { workspaceId } = useSession();
  const labels = useLabels(workspaceId);
  const save = useSaveLabel(workspaceId);
  const remove = useDeleteLabel(workspaceId);
  const [editing, setEditing] = useState<ConversationLabel | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ConversationLabel | null>(null);
  const [form] = Form.useForm<{ name: string; color: string }>();
  const open = (label: ConversationLabel | 'new') => setEditing(label);
  const submit = async () => {
    const values = await form.validateFields();
    const color = typeof values.color === 'string' ? values.color : LABEL_COLORS[0]!;
    await save.mutateAsync({ id: editing === 'new' ? undefined : editing?.id, body: { name: values.name, color } });
    setEditing(null);
  };

  return (
    <Card
      title={t('desk.labelsPage.title')}
      style={{ marginTop: 24 }}
      extra={
        canWrite && (
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => open('new')}>
            {t('desk.labelsPage.add')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('desk.labelsPage.intro')}</Typography.Paragraph>
      <List
        loading={labels.isPending}
        dataSource={labels.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('desk.labelsPage.empty')} /> }}
        renderItem={(label) => (
          <List.Item
            actions={
              canWrite
                ? [
                    <Button
                      key="edit"
                      type="text"
                      icon={<EditOutlined aria-hidden />}
                      aria-label={`${t('desk.labelsPage.edit')} ${label.name}`}
                      onClick={() => open(label)}
                    />,
                    <Button
                      key="delete"
                      type="text"
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={`${t('desk.labelsPage.delete')} ${label.name}`}
                      onClick={() => setDeleting(label)}
                    />,
                  ]
                : []
            }
          >
            <Flex gap={12} align="center">
              <Tag color={label.color}>{label.name}</Tag>
              <Typography.Text type="secondary">
                {t('desk.labelsPage.count')}: {label.conversation_count}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
      {editing !== null && (
        <Modal
          open
          title={editing === 'new' ? t('desk.labelsPage.newTitle') : t('desk.labelsPage.editTitle')}
          okText={t('desk.labelsPage.save')}
          cancelText={t('desk.labelsPage.cancel')}
          confirmLoading={save.isPending}
          onOk={() => void submit().catch(() => undefined)}
          onCancel={() => setEditing(null)}
          destroyOnHidden
        >
          <Form
            form={form}
            layout="vertical"
            initialValues={editing === 'new' ? { name: '', color: LABEL_COLORS[0] } : editing}
          >
            <Form.Item name="name" label={t('desk.labelsPage.name')} rules={[{ required: true, max: 40 }]}>
              <Input maxLength={40} />
            </Form.Item>
            <Form.Item name="color" label={t('desk.labelsPage.color')}>
              <ColorField label={t('desk.labelsPage.color')} presets={LABEL_COLORS} fallback={LABEL_COLORS[0]} />
            </Form.Item>
          </Form>
        </Modal>
      )}
      <DeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        message={t('desk.labelsPage.deleteConfirm', { name: deleting?.name ?? '' })}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : undefined)}
      />
    </Card>
  );
}
