import { DeleteOutlined, PlusOutlined, RobotOutlined } from '@ant-design/icons';
import type { CsAgent } from '@omnichat/contracts';
import { Button, Card, Empty, Flex, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session/use-session.ts';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { type ListColumn, ListView } from '../../ui/list/ListView.tsx';
import { useList } from '../../ui/list/use-list.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Text } from '../../ui/text.tsx';
import { CreateAgentDrawer } from './CreateAgentDrawer.tsx';
import { csAgentKeys, listAgents, useDeleteAgent, useOrganizationChannels } from './cs-agents-api.ts';
import { FirstRunGuide } from './FirstRunGuide.tsx';
import { CS_AGENTS_PATH, useAgentWords, useCanWriteAgents, useDateTime } from './parts.tsx';
import './i18n/index.ts';

/** /app/cs-agents: the organization's AI customer-service agents, with a first-run guide while there are none. */
export function CsAgentsPage() {
  const { t } = useTranslation();
  const { workspaceId } = useSession();
  const canWrite = useCanWriteAgents();
  const words = useAgentWords();
  const dateTime = useDateTime();
  const channels = useOrganizationChannels(workspaceId);
  const list = useList<CsAgent, object>({
    queryKey: (params) => csAgentKeys.list(workspaceId, params),
    fetchPage: listAgents,
    filters: {},
  });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<CsAgent | null>(null);
  const remove = useDeleteAgent();

  const channelNames = (agent: CsAgent) => {
    const names = agent.channel_ids.map((id) => channels.data?.find((channel) => channel.id === id)?.name ?? '…');
    return names.length ? (
      <Flex gap={4} wrap>
        {names.map((name, index) => (
          <Tag key={agent.channel_ids[index]}>{name}</Tag>
        ))}
      </Flex>
    ) : (
      <Text secondary>{t('csAgents.noChannel')}</Text>
    );
  };
  const nameLink = (agent: CsAgent) => (
    <Link to={`${CS_AGENTS_PATH}/${agent.id}`} aria-label={t('csAgents.openNamed', { name: agent.name })}>
      <Text strong>{agent.name}</Text>
    </Link>
  );
  const deleteButton = (agent: CsAgent) => (
    <Button
      size="small"
      danger
      icon={<DeleteOutlined aria-hidden />}
      onClick={() => setDeleting(agent)}
      aria-label={t('csAgents.deleteNamed', { name: agent.name })}
    >
      {t('csAgents.delete')}
    </Button>
  );

  const columns: ListColumn<CsAgent>[] = [
    { key: 'name', title: t('csAgents.name'), render: nameLink },
    { key: 'channels', title: t('csAgents.channels'), render: channelNames },
    { key: 'tone', title: t('csAgents.tone'), render: (agent) => words.tone(agent.response_tone) },
    { key: 'updated', title: t('csAgents.updated'), render: (agent) => dateTime(agent.updated_at) },
    ...(canWrite ? [{ key: 'actions', title: t('csAgents.actions'), actions: true, render: deleteButton }] : []),
  ];
  const card = (agent: CsAgent) => (
    <Flex vertical gap={8}>
      {nameLink(agent)}
      {channelNames(agent)}
      <Text secondary>
        {words.tone(agent.response_tone)} · {dateTime(agent.updated_at)}
      </Text>
      {canWrite && <div>{deleteButton(agent)}</div>}
    </Flex>
  );

  const createButton = canWrite ? (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
      {t('csAgents.create')}
    </Button>
  ) : null;
  const none = list.query.isSuccess && list.pageInfo?.total === 0 && list.items.length === 0;
  // one "Create agent" at a time: in the header once the list has agents, in the empty state otherwise
  const headerButton = list.query.isPending || none ? null : createButton;

  return (
    <>
      <PageHeader title={t('nav.csAgents')} subtitle={t('csAgents.subtitle')} extra={headerButton} />
      {none ? (
        <>
          <FirstRunGuide />
          <Card>
            <Empty
              image={<RobotOutlined aria-hidden style={{ fontSize: 48 }} />}
              description={
                <Flex vertical gap={4}>
                  <Text strong>{t('csAgents.empty')}</Text>
                  <Text secondary>{t('csAgents.emptyText')}</Text>
                </Flex>
              }
            >
              {createButton}
            </Empty>
          </Card>
        </>
      ) : (
        <ListView<CsAgent>
          list={list}
          label={t('nav.csAgents')}
          rowKey={(agent) => agent.id}
          columns={columns}
          card={card}
          loadFailed={t('csAgents.loadFailed')}
        />
      )}
      {canWrite && <CreateAgentDrawer open={creating} onClose={() => setCreating(false)} />}
      {canWrite && (
        <DeleteDialog
          open={deleting !== null}
          onClose={() => setDeleting(null)}
          title={t('csAgents.deleteTitle')}
          message={t('csAgents.deleteMessage', { name: deleting?.name ?? '' })}
          confirmText={t('csAgents.delete')}
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
