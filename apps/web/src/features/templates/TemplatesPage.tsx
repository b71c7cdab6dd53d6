import { DeleteOutlined, EditOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import {
  TEMPLATE_EDITABLE_STATUSES,
  TEMPLATE_STATUSES,
  type TemplateStatus,
  type WhatsappTemplate,
} from '@omnichat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Flex, Select, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberPermissions } from '../../app/queries.ts';
import { useSession } from '../../app/session/use-session.ts';
import { useSocketAction } from '../../app/socket/index.ts';
import { toast } from '../../app/toast/toast-store.ts';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { type ListColumn, ListView } from '../../ui/list/ListView.tsx';
import { useList } from '../../ui/list/use-list.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Text } from '../../ui/text.tsx';
import { languageName } from './languages.ts';
import { TemplateDrawer } from './TemplateDrawer.tsx';
import {
  listTemplates,
  type TemplateFilters,
  templateKeys,
  useDeleteTemplate,
  useSyncTemplates,
  useWhatsappChannels,
} from './templates-api.ts';
import './i18n/index.ts';

const STATUS_COLORS: Record<TemplateStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  paused: 'orange',
  disabled: 'default',
};
const QUALITY_COLORS: Record<string, string> = { GREEN: 'green', YELLOW: 'gold', RED: 'red' };

export function StatusTag({ template }: { template: WhatsappTemplate }) {
  const { t } = useTranslation();
  const tag = <Tag color={STATUS_COLORS[template.status]}>{t(`templates.status.${template.status}`)}</Tag>;
  return template.status === 'rejected' && template.rejected_reason ? (
    <Tooltip title={template.rejected_reason}>{tag}</Tooltip>
  ) : (
    tag
  );
}

/** /app/chat/whatsapp-template: the WhatsApp templates, their review by Meta live, and the form to submit one. */
export function TemplatesPage() {
  const { t } = useTranslation();
  const { member: self, workspaceId, isAdmin } = useSession();
  const permissions = useMemberPermissions();
  const canWrite = isAdmin || (permissions.data ?? self?.permissions ?? []).includes('template_write');
  const queryClient = useQueryClient();
  const channels = useWhatsappChannels(workspaceId);
  const channelList = channels.data ?? [];
  const list = useList<WhatsappTemplate, TemplateFilters>({
    queryKey: (params) => templateKeys.list(workspaceId, params),
    fetchPage: listTemplates,
    filters: {},
  });
  const [drawer, setDrawer] = useState<{ open: boolean; template: WhatsappTemplate | null }>({
    open: false,
    template: null,
  });
  const [deleting, setDeleting] = useState<WhatsappTemplate | null>(null);
  const remove = useDeleteTemplate();
  const sync = useSyncTemplates();

  // Meta's review arrives by webhook: the list follows it
  useSocketAction('template.changed', () => void queryClient.invalidateQueries({ queryKey: templateKeys.all }));

  const syncChannel = (channelId: string) =>
    sync.mutate(channelId, {
      onSuccess: (counts) => toast.success(t('templates.synced', counts)),
    });
  const channelName = (id: string) => channelList.find((channel) => channel.id === id)?.name ?? '-';

  const actions = (template: WhatsappTemplate) => {
    const editable = TEMPLATE_EDITABLE_STATUSES.includes(template.status);
    return (
      <Flex gap={8} wrap>
        <Tooltip title={editable ? undefined : t('templates.notEditable')}>
          <Button
            size="small"
            icon={<EditOutlined aria-hidden />}
            disabled={!editable}
            onClick={() => setDrawer({ open: true, template })}
            aria-label={t('templates.editNamed', { name: template.name })}
          >
            {t('templates.edit')}
          </Button>
        </Tooltip>
        <Button
          size="small"
          danger
          icon={<DeleteOutlined aria-hidden />}
          onClick={() => setDeleting(template)}
          aria-label={t('templates.deleteNamed', { name: template.name })}
        >
          {t('templates.delete')}
        </Button>
      </Flex>
    );
  };

  const columns: ListColumn<WhatsappTemplate>[] = [
    { key: 'name', title: t('templates.name'), render: (item) => <Text strong>{item.name}</Text> },
    { key: 'channel', title: t('templates.channel'), render: (item) => channelName(item.channel_id) },
    { key: 'language', title: t('templates.language'), render: (item) => languageName(item.language) },
    { key: 'category', title: t('templates.category'), render: (item) => t(`templates.categories.${item.category}`) },
    { key: 'status', title: t('templates.statusTitle'), render: (item) => <StatusTag template={item} /> },
    {
      key: 'quality',
      title: t('templates.quality'),
      render: (item) =>
        item.quality ? (
          <Tag color={QUALITY_COLORS[item.quality] ?? 'default'}>
            {t(`templates.qualities.${item.quality}`, item.quality)}
          </Tag>
        ) : (
          <Text secondary>-</Text>
        ),
    },
    ...(canWrite ? [{ key: 'actions', title: t('templates.actions'), actions: true, render: actions }] : []),
  ];

  const card = (item: WhatsappTemplate) => (
    <Flex vertical gap={8}>
      <Flex justify="space-between" gap={8} align="baseline" wrap>
        <Text strong style={{ wordBreak: 'break-word' }}>
          {item.name}
        </Text>
        <StatusTag template={item} />
      </Flex>
      <Text secondary>
        {languageName(item.language)} · {t(`templates.categories.${item.category}`)} · {channelName(item.channel_id)}
      </Text>
      {canWrite && actions(item)}
    </Flex>
  );

  const syncButton =
    channelList.length === 1 ? (
      <Button
        icon={<SyncOutlined aria-hidden />}
        loading={sync.isPending}
        onClick={() => syncChannel(channelList[0]!.id)}
      >
        {t('templates.sync')}
      </Button>
    ) : (
      <Dropdown
        disabled={!channelList.length}
        menu={{
          items: channelList.map((channel) => ({ key: channel.id, label: channel.name })),
          onClick: ({ key }) => syncChannel(key),
        }}
      >
        <Button icon={<SyncOutlined aria-hidden />} loading={sync.isPending}>
          {t('templates.sync')}
        </Button>
      </Dropdown>
    );

  return (
    <>
      <PageHeader
        title={t('nav.whatsappTemplate')}
        subtitle={t('templates.subtitle')}
        extra={
          canWrite ? (
            <Flex gap={8} wrap>
              {syncButton}
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden />}
                disabled={!channelList.length}
                onClick={() => setDrawer({ open: true, template: null })}
              >
                {t('templates.create')}
              </Button>
            </Flex>
          ) : null
        }
      />
      <ListView<WhatsappTemplate>
        list={list}
        label={t('nav.whatsappTemplate')}
        rowKey={(item) => item.id}
        columns={columns}
        card={card}
        search={{ label: t('templates.search'), placeholder: t('templates.searchPlaceholder') }}
        filters={
          <Flex gap={8} wrap>
            <Select
              allowClear
              aria-label={t('templates.channel')}
              placeholder={t('templates.allChannels')}
              style={{ minWidth: 180 }}
              value={list.filters.channel_id}
              onChange={(value) => list.setFilter('channel_id', value)}
              options={channelList.map((channel) => ({ value: channel.id, label: channel.name }))}
            />
            <Select
              allowClear
              aria-label={t('templates.statusTitle')}
              placeholder={t('templates.allStatuses')}
              style={{ minWidth: 150 }}
              value={list.filters.status}
              onChange={(value) => list.setFilter('status', value)}
              options={TEMPLATE_STATUSES.map((value) => ({ value, label: t(`templates.status.${value}`) }))}
            />
          </Flex>
        }
        loadFailed={t('templates.loadFailed')}
      />
      {canWrite && (
        <TemplateDrawer
          open={drawer.open}
          template={drawer.template}
          channels={channelList}
          onClose={() => setDrawer((current) => ({ ...current, open: false }))}
        />
      )}
      {canWrite && (
        <DeleteDialog
          open={deleting !== null}
          onClose={() => setDeleting(null)}
          title={t('templates.deleteTitle')}
          message={t('templates.deleteMessage', { name: deleting?.name ?? '' })}
          confirmText={t('templates.delete')}
          onConfirm={async () => {
            if (!deleting) return;
            await remove.mutateAsync(deleting.id);
            list.removedOne();
          }}
        />
      )}
    </>
  );
}
