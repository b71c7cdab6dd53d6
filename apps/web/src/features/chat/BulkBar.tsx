import { memberEndpoints, teamEndpoints } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../app/http/index.ts';
import { useSession } from '../../app/session/use-session.ts';
import { toast } from '../../app/toast/toast-store.ts';
import { assignMenuItems } from './assign-menu.ts';
import { useBulk, useLabels } from './desk-api.ts';
import { CHAT_NS } from './i18n/index.ts';

/** What to do with the conversations chosen in the list: assign, add a label, resolve (after a confirmation). */
export function BulkBar({
  workspaceId,
  ids,
  onDone,
}: {
  workspaceId: string | null;
  ids: string[];
  onDone: () => void;
}) {
  const { t } = useTranslation(CHAT_NS);
  const [confirming, setConfirming] = useState(false);
  const { member } = useSession();
  const bulk = useBulk();
  const labels = useLabels(workspaceId);
  const members = useQuery({
    queryKey: ['members', workspaceId, 'assignable'],
    queryFn: () => http.call(memberEndpoints.list, { query: { page: 1, size: 100 } }),
  });
  const teams = useQuery({
    queryKey: ['teams', workspaceId, 'assignable'],
    queryFn: () => http.call(teamEndpoints.list, { query: { page: 1, size: 100 } }),
  });
  const run = (body: Parameters<typeof bulk.mutate>[0]) =>
    bulk.mutate(body, {
      onSuccess: (result) => {
        toast.success(t('desk.bulk.done', { count: result.done.length }));
        if (result.skipped) toast.info(t('desk.bulk.skipped', { count: result.skipped }));
        setConfirming(false);
        onDone();
      },
    });
  const assignTo = (key: string) => {
    const [kind, id = null] = key.split(':');
    run({
      ids,
      action: 'assign',
      assignee_member_id: kind === 'member' ? id : kind === 'me' ? (member?.id ?? null) : null,
      team_id: kind === 'team' ? id : null,
      all_teams: kind === 'all',
    });
  };

  return (
    <Flex
      role="toolbar"
      aria-label={t('desk.bulk.selected', { count: ids.length })}
      align="center"
      gap={6}
      wrap
      style={{ padding: '6px 8px', borderRadius: 8, background: 'rgba(16, 100, 224, 0.08)' }}
    >
      <Typography.Text strong style={{ marginRight: 'auto' }}>
        {t('desk.bulk.selected', { count: ids.length })}
      </Typography.Text>
      <Dropdown
        trigger={['click']}
        menu={{
          onClick: ({ key }) => assignTo(key),
          items: assignMenuItems(t, teams.data, members.data?.items),
        }}
      >
        <Button size="small" loading={bulk.isPending}>
          {t('desk.bulk.assign')}
        </Button>
      </Dropdown>
      <Dropdown
        trigger={['click']}
        disabled={!labels.data?.length}
        menu={{
          onClick: ({ key }) => run({ ids, action: 'label', label_ids: [key] }),
          items: (labels.data ?? []).map((label) => ({ key: label.id, label: label.name })),
        }}
      >
        <Button size="small">{t('desk.bulk.label')}</Button>
      </Dropdown>
      <Button size="small" danger onClick={() => setConfirming(true)}>
        {t('desk.bulk.close')}
      </Button>
      <Modal
        open={confirming}
        title={t('desk.bulk.confirmClose', { count: ids.length })}
        okText={t('desk.bulk.close')}
        okButtonProps={{ danger: true, loading: bulk.isPending }}
        onCancel={() => setConfirming(false)}
        onOk={() => run({ ids, action: 'close' })}
      >
        {t('desk.bulk.confirmCloseText')}
      </Modal>
      <Button size="small" type="text" onClick={onDone}>
        {t('desk.bulk.clear')}
      </Button>
    </Flex>
  );
}
