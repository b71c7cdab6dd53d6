import { PlusOutlined } from '@ant-design/icons';
import { BROADCAST_STATUSES, type Broadcast } from '@omnichat/contracts';
import { Button, Flex, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMemberPermissions } from '../../app/queries.ts';
import { useSession } from '../../app/session/use-session.ts';
import { type ListColumn, ListView } from '../../ui/list/ListView.tsx';
import { useList } from '../../ui/list/use-list.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Text } from '../../ui/text.tsx';
import { useWhatsappChannels } from '../templates/index.ts';
import { type BroadcastFilters, broadcastKeys, listBroadcasts } from './broadcasts-api.ts';
import { CreateBroadcastDrawer } from './CreateBroadcastDrawer.tsx';
import { PauseReasonLine } from './PauseReason.tsx';
import { BroadcastProgressBar, BroadcastStatusTag, useBroadcastPushes } from './parts.tsx';
import { formatInZone } from './zone.ts';
import './i18n/index.ts';

export const BROADCASTS_PATH = '/app/chat/whatsapp-broadcast';

/** Whether the member may create and steer broadcasts. */
export function useCanWriteBroadcasts() {
  const { member, isAdmin } = useSession();
  const permissions = useMemberPermissions();
  return isAdmin || (permissions.data ?? member?.permissions ?? []).includes('broadcast_write');
}

/** /app/chat/whatsapp-broadcast: the broadcasts, their progress live, and the form to start one. */
export function BroadcastsPage() {
  const { t } = useTranslation();
  const { member, workspaceId } = useSession();
  const zone = member?.workspace.time_zone;
  const canWrite = useCanWriteBroadcasts();
  const channels = useWhatsappChannels(workspaceId);
  const channelList = channels.data ?? [];
  const list = useList<Broadcast, BroadcastFilters>({
    queryKey: (params) => broadcastKeys.list(workspaceId, params),
    fetchPage: listBroadcasts,
    filters: {},
  });
  const [creating, setCreating] = useState(false);
  useBroadcastPushes();

  const channelName = (id: string) => channelList.find((channel) => channel.id === id)?.name ?? '-';
  const nameLink = (item: Broadcast) => (
    <Link to={`${BROADCASTS_PATH}/${item.id}`} aria-label={t('broadcasts.openNamed', { name: item.name })}>
      <Text strong>{item.name}</Text>
    </Link>
  );

  const columns: ListColumn<Broadcast>[] = [
    { key: 'name', title: t('broadcasts.name'), render: nameLink },
    { key: 'template', title: t('broadcasts.template'), render: (item) => item.template_name },
    { key: 'channel', title: t('broadcasts.channel'), render: (item) => channelName(item.channel_id) },
    {
      key: 'status',
      title: t('broadcasts.statusTitle'),
      render: (item) => (
        <Flex vertical gap={2} align="flex-start">
          <BroadcastStatusTag status={item.status} />
          <PauseReasonLine broadcast={item} />
        </Flex>
      ),
    },
    {
      key: 'progress',
      title: t('broadcasts.progressTitle'),
      render: (item) => <BroadcastProgressBar progress={item.progress} />,
    },
    { key: 'send_at', title: t('broadcasts.sendAt'), render: (item) => formatInZone(item.send_at, zone) },
    { key: 'created', title: t('broadcasts.created'), render: (item) => formatInZone(item.created_at, zone) },
  ];

  const card = (item: Broadcast) => (
    <Flex vertical gap={8}>
      <Flex justify="space-between" gap={8} align="baseline" wrap>
        {nameLink(item)}
        <BroadcastStatusTag status={item.status} />
      </Flex>
      <PauseReasonLine broadcast={item} />
      <Text secondary>
        {item.template_name} · {channelName(item.channel_id)} · {formatInZone(item.send_at, zone)}
      </Text>
      <BroadcastProgressBar progress={item.progress} />
    </Flex>
  );

  return (
    <>
      <PageHeader
        title={t('nav.whatsappBroadcast')}
        subtitle={t('broadcasts.subtitle')}
        extra={
          canWrite ? (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              disabled={!channelList.length}
              onClick={() => setCreating(true)}
            >
              {t('broadcasts.create')}
            </Button>
          ) : null
        }
      />
      <ListView<Broadcast>
        list={list}
        label={t('nav.whatsappBroadcast')}
        rowKey={(item) => item.id}
        columns={columns}
        card={card}
        filters={
          <Select
            allowClear
            aria-label={t('broadcasts.statusTitle')}
            placeholder={t('broadcasts.allStatuses')}
            style={{ minWidth: 160 }}
            value={list.filters.status}
            onChange={(value) => list.setFilter('status', value)}
            options={BROADCAST_STATUSES.map((value) => ({ value, label: t(`broadcasts.status.${value}`) }))}
          />
        }
        loadFailed={t('broadcasts.loadFailed')}
      />
      {canWrite && creating && <CreateBroadcastDrawer open channels={channelList} onClose={() => setCreating(false)} />}
    </>
  );
}
