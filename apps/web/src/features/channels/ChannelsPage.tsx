import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Channel } from '@omnichat/contracts';
import { Button, Card, Col, Divider, Empty, Flex, Row, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberPermissions } from '../../app/queries.ts';
import { useSession } from '../../app/session/use-session.ts';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryView } from '../../ui/QueryView.tsx';
import { LabelsSettings } from '../chat/index.ts';
import { ChannelDetails } from './ChannelDetails.tsx';
import { ChannelDrawer } from './ChannelDrawer.tsx';
import { ID_FIELDS, TYPE_ICONS, useChannels, useDeleteChannel } from './channels-api.ts';
import { CHANNELS_NS } from './i18n/index.ts';

const TYPE_COLORS = { whatsapp: 'green', messenger: 'blue', instagram: 'magenta', webchat: 'geekblue' } as const;

/** "Label: value" lines of a card. */
function Facts({ facts }: { facts: [string, string | null][] }) {
  return facts.map(([label, value]) =>
    value ? (
      <Typography.Text key={label} style={{ wordBreak: 'break-all' }}>
        <Typography.Text type="secondary">{label}: </Typography.Text>
        {value}
      </Typography.Text>
    ) : null,
  );
}

interface CardProps {
  channel: Channel;
  onEdit?: () => void;
  onDelete?: () => void;
}

function ChannelCard({ channel, onEdit, onDelete }: CardProps) {
  const { t } = useTranslation(CHANNELS_NS);
  const Icon = TYPE_ICONS[channel.type];
  const reauth = channel.status === 'needs_reauth';
  const actions =
    onEdit && onDelete
      ? [
          <Button
            key="edit"
            type="text"
            icon={<EditOutlined aria-hidden />}
            onClick={onEdit}
            aria-label={t('editNamed', { name: channel.name })}
          >
            {t('edit')}
          </Button>,
          <Button
            key="delete"
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            onClick={onDelete}
            aria-label={t('deleteNamed', { name: channel.name })}
          >
            {t('delete')}
          </Button>,
        ]
      : undefined;
  return (
    <Card
      title={<span style={{ whiteSpace: 'normal', wordBreak: 'break-word' }}>{channel.name}</span>}
      extra={
        <Tag color={TYPE_COLORS[channel.type]} icon={<Icon aria-hidden />}>
          {t(`types.${channel.type}`)}
        </Tag>
      }
      actions={actions}
      style={{ height: '100%' }}
    >
      <Flex vertical gap={6}>
        <div>
          <Tag color={reauth ? 'red' : 'success'}>{t(`status.${channel.status}`)}</Tag>
        </div>
        {reauth && <Typography.Text type="danger">{t('reauthHint')}</Typography.Text>}
        <Facts
          facts={[
            ...ID_FIELDS[channel.type].map((field): [string, string | null] => [t(`fields.${field}`), channel[field]]),
            [t('fields.access_token'), channel.access_token_hint],
            [t('fields.app_secret'), channel.app_secret_hint],
          ]}
        />
        <Divider style={{ margin: '6px 0' }} />
        <ChannelDetails channel={channel} />
      </Flex>
    </Card>
  );
}

/** /app/chat/channel: the organization's channels, and (with channel_write) connecting, changing and removing them. */
export function ChannelsPage() {
  const { t } = useTranslation(CHANNELS_NS);
  const { member: self, workspaceId, isAdmin } = useSession();
  const permissions = useMemberPermissions();
  const canWrite = isAdmin || (permissions.data ?? self?.permissions ?? []).includes('channel_write');
  const channels = useChannels(workspaceId);
  const [editing, setEditing] = useState<Channel | 'new' | null>(null);
  // the dialog keeps its channel while it closes, so the closing dialog does not change
  const [deleting, setDeleting] = useState<Channel | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const removeChannel = useDeleteChannel();

  const addButton = (label: string) => (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
      {label}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('nav.channel', { ns: 'translation' })}
        subtitle={t('subtitle')}
        extra={canWrite ? addButton(t('add')) : null}
      />
      <QueryView query={channels} rows={6} failed={t('loadFailed')}>
        {(list) =>
          list.length === 0 ? (
            <Empty description={t('empty')}>{canWrite && addButton(t('addFirst'))}</Empty>
          ) : (
            <Row gutter={[16, 16]}>
              {list.map((channel) => (
                <Col key={channel.id} xs={24} lg={12} xxl={8}>
                  <ChannelCard
                    channel={channel}
                    onEdit={canWrite ? () => setEditing(channel) : undefined}
                    onDelete={
                      canWrite
                        ? () => {
                            setDeleting(channel);
                            setDeleteOpen(true);
                          }
                        : undefined
                    }
                  />
                </Col>
              ))}
            </Row>
          )
        }
      </QueryView>
      <LabelsSettings canWrite={canWrite} />
      {canWrite && <ChannelDrawer channel={editing} onClose={() => setEditing(null)} />}
      {canWrite && (
        <DeleteDialog
          open={deleteOpen}
          onClose={() => setDeleteOpen(false)}
          title={t('deleteTitle')}
          message={t('deleteMessage', { name: deleting?.name ?? '' })}
          confirmText={t('delete')}
          onConfirm={() => (deleting ? removeChannel.mutateAsync(deleting.id) : undefined)}
        />
      )}
    </>
  );
}
