import { DeleteOutlined, MailOutlined, PlusOutlined } from '@ant-design/icons';
import type { EmailTemplate } from '@omnichat/contracts';
import { Button, Card, Empty, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session/use-session.ts';
import { DeleteDialog } from '../../../ui/DeleteDialog.tsx';
import { type ListColumn, ListView } from '../../../ui/list/ListView.tsx';
import { useList } from '../../../ui/list/use-list.ts';
import { Text } from '../../../ui/text.tsx';
import { useDateTime } from '../../../ui/use-date-time.ts';
import { useCanWriteWorkflows } from '../parts.tsx';
import { EmailTemplateDrawer } from './EmailTemplateDrawer.tsx';
import { emailTemplateKeys, listEmailTemplates, useDeleteEmailTemplate } from './email-templates-api.ts';
import './i18n/index.ts';

/** The "E-mail" tab of /app/workflow: the organization's e-mail templates, their editor and preview. */
export function EmailTemplatesTab() {
  const { t } = useTranslation();
  const { workspaceId } = useSession();
  const canWrite = useCanWriteWorkflows();
  const dateTime = useDateTime();
  const list = useList<EmailTemplate, object>({
    queryKey: (params) => emailTemplateKeys.list(workspaceId, params),
    fetchPage: listEmailTemplates,
    filters: {},
  });
  /** the template in the drawer: 'new', one of the list's, or none */
  const [editing, setEditing] = useState<EmailTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null);
  const remove = useDeleteEmailTemplate();

  const nameButton = (template: EmailTemplate) => (
    <Button
      type="link"
      style={{ padding: 0 }}
      onClick={() => setEditing(template)}
      aria-label={t('emailTemplates.editNamed', { name: template.name })}
    >
      <Text strong>{template.name}</Text>
    </Button>
  );
  const summary = (template: EmailTemplate) => (
    <Text secondary>
      {t('emailTemplates.recipientCount', { count: template.recipients.length })} ·{' '}
      {t('emailTemplates.attachmentCount', { count: template.attachments.length })}
    </Text>
  );
  const deleteButton = (template: EmailTemplate) => (
    <Button
      size="small"
      danger
      icon={<DeleteOutlined aria-hidden />}
      onClick={() => setDeleting(template)}
      aria-label={t('emailTemplates.deleteNamed', { name: template.name })}
    >
      {t('emailTemplates.delete')}
    </Button>
  );

  const columns: ListColumn<EmailTemplate>[] = [
    { key: 'name', title: t('emailTemplates.name'), render: nameButton },
    { key: 'subject', title: t('emailTemplates.subject'), render: (template) => template.subject },
    { key: 'recipients', title: t('emailTemplates.recipients'), render: summary },
    { key: 'updated', title: t('emailTemplates.updated'), render: (template) => dateTime(template.updated_at) },
    ...(canWrite ? [{ key: 'actions', title: t('emailTemplates.actions'), actions: true, render: deleteButton }] : []),
  ];
  const card = (template: EmailTemplate) => (
    <Flex vertical gap={8}>
      {nameButton(template)}
      <Text>{template.subject}</Text>
      {summary(template)}
      {canWrite && <div>{deleteButton(template)}</div>}
    </Flex>
  );

  const createButton = canWrite ? (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
      {t('emailTemplates.create')}
    </Button>
  ) : null;
  const none = list.query.isSuccess && list.pageInfo?.total === 0 && list.items.length === 0;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Text secondary>{t('emailTemplates.subtitle')}</Text>
        {!none && !list.query.isPending && createButton}
      </Flex>
      {none ? (
        <Card>
          <Empty
            image={<MailOutlined aria-hidden style={{ fontSize: 48 }} />}
            description={
              <Flex vertical gap={4}>
                <Text strong>{t('emailTemplates.empty')}</Text>
                <Text secondary>{t('emailTemplates.emptyText')}</Text>
              </Flex>
            }
          >
            {createButton}
          </Empty>
        </Card>
      ) : (
        <ListView<EmailTemplate>
          list={list}
          label={t('emailTemplates.label')}
          rowKey={(template) => template.id}
          columns={columns}
          card={card}
          loadFailed={t('emailTemplates.loadFailed')}
        />
      )}
      {editing !== null && (
        <EmailTemplateDrawer
          key={editing === 'new' ? 'new' : editing.id}
          open
          template={editing === 'new' ? null : editing}
          canWrite={canWrite}
          onClose={() => setEditing(null)}
        />
      )}
      {canWrite && (
        <DeleteDialog
          open={deleting !== null}
          onClose={() => setDeleting(null)}
          title={t('emailTemplates.deleteTitle')}
          message={t('emailTemplates.deleteMessage', { name: deleting?.name ?? '' })}
          confirmText={t('emailTemplates.delete')}
          onConfirm={async () => {
            if (!deleting) return;
            await remove.mutateAsync(deleting.id);
            list.removedOne();
          }}
        />
      )}
    </Flex>
  );
}
