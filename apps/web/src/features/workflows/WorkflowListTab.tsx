import { CopyOutlined, DeleteOutlined, DownOutlined, NodeIndexOutlined, PlusOutlined } from '@ant-design/icons';
import type { WorkflowSummary } from '@omnichat/contracts';
import { Button, Card, Dropdown, Empty, Flex, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../app/session/use-session.ts';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { type ListColumn, ListView } from '../../ui/list/ListView.tsx';
import { useList } from '../../ui/list/use-list.ts';
import { STARTING_POINTS, typeLabelKey } from './node-types.ts';
import { useCanWriteWorkflows, useDateTime, WORKFLOWS_PATH } from './parts.tsx';
import { listWorkflows, useWorkflowActions, workflowKeys } from './workflows-api.ts';

/** The workflows: trigger, on/off, runs and failures, last run; create (blank or from a starting point), copy, delete. */
export function WorkflowListTab() {
  const { t } = useTranslation();
  const { workspaceId } = useSession();
  const navigate = useNavigate();
  const canWrite = useCanWriteWorkflows();
  const dateTime = useDateTime();
  const list = useList<WorkflowSummary, object>({
    queryKey: (params) => workflowKeys.list(workspaceId, params),
    fetchPage: listWorkflows,
    filters: {},
  });
  const { setActive, duplicate, remove } = useWorkflowActions();
  const [deleting, setDeleting] = useState<WorkflowSummary | null>(null);

  const createMenu = canWrite ? (
    <Dropdown
      trigger={['click']}
      menu={{
        items: STARTING_POINTS.map((point) => ({ key: point, label: t(`workflows.starters.${point}.name`) })),
        onClick: ({ key }) => navigate(`${WORKFLOWS_PATH}/new?start=${key}`),
      }}
    >
      <Button type="primary" icon={<PlusOutlined aria-hidden />}>
        {t('workflows.create')} <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  ) : null;

  const nameLink = (workflow: WorkflowSummary) => (
    <Link to={`${WORKFLOWS_PATH}/${workflow.id}`} aria-label={t('workflows.openNamed', { name: workflow.name })}>
      <Typography.Text strong>{workflow.name}</Typography.Text>
    </Link>
  );
  const activeSwitch = (workflow: WorkflowSummary) => (
    <Switch
      checked={workflow.active}
      disabled={!canWrite}
      loading={setActive.isPending && setActive.variables?.id === workflow.id}
      onChange={(active) => setActive.mutate({ id: workflow.id, active })}
      aria-label={t('workflows.activeNamed', { name: workflow.name })}
    />
  );
  const runs = (workflow: WorkflowSummary) =>
    t('workflows.runsCount', { runs: workflow.runs, failures: workflow.failures });
  const actions = (workflow: WorkflowSummary) => (
    <Flex gap={4} wrap>
      <Button
        size="small"
        icon={<CopyOutlined aria-hidden />}
        loading={duplicate.isPending && duplicate.variables === workflow.id}
        onClick={() => duplicate.mutate(workflow.id)}
        aria-label={t('workflows.duplicateNamed', { name: workflow.name })}
      >
        {t('workflows.duplicate')}
      </Button>
      <Button
        size="small"
        danger
        icon={<DeleteOutlined aria-hidden />}
        onClick={() => setDeleting(workflow)}
        aria-label={t('workflows.deleteNamed', { name: workflow.name })}
      >
        {t('workflows.delete')}
      </Button>
    </Flex>
  );

  const columns: ListColumn<WorkflowSummary>[] = [
    { key: 'name', title: t('workflows.name'), render: nameLink },
    {
      key: 'trigger',
      title: t('workflows.trigger'),
      render: (w) => t(typeLabelKey(w.trigger_type), { defaultValue: w.trigger_type }),
    },
    { key: 'active', title: t('workflows.active'), render: activeSwitch },
    { key: 'runs', title: t('workflows.runs'), render: runs },
    { key: 'last', title: t('workflows.lastRun'), render: (w) => dateTime(w.last_run_at) },
    ...(canWrite ? [{ key: 'actions', title: t('workflows.actions'), actions: true, render: actions }] : []),
  ];
  const card = (workflow: WorkflowSummary) => (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" gap={8}>
        {nameLink(workflow)}
        {activeSwitch(workflow)}
      </Flex>
      <Typography.Text type="secondary">
        {t(typeLabelKey(workflow.trigger_type), { defaultValue: workflow.trigger_type })} · {runs(workflow)} ·{' '}
        {dateTime(workflow.last_run_at)}
      </Typography.Text>
      {canWrite && actions(workflow)}
    </Flex>
  );
  const none = list.query.isSuccess && list.pageInfo?.total === 0 && list.items.length === 0;

  return (
    <Flex vertical gap={12}>
      {!none && createMenu && <Flex justify="flex-end">{createMenu}</Flex>}
      {none ? (
        <Card>
          <Empty
            image={<NodeIndexOutlined aria-hidden style={{ fontSize: 48 }} />}
            description={
              <Flex vertical gap={4}>
                <Typography.Text strong>{t('workflows.empty')}</Typography.Text>
                <Typography.Text type="secondary">{t('workflows.emptyText')}</Typography.Text>
              </Flex>
            }
          >
            {createMenu}
          </Empty>
        </Card>
      ) : (
        <ListView<WorkflowSummary>
          list={list}
          label={t('workflows.tabs.workflows')}
          rowKey={(workflow) => workflow.id}
          columns={columns}
          card={card}
          loadFailed={t('workflows.loadFailed')}
        />
      )}
      {canWrite && (
        <DeleteDialog
          open={deleting !== null}
          onClose={() => setDeleting(null)}
          title={t('workflows.deleteTitle')}
          message={t('workflows.deleteMessage', { name: deleting?.name ?? '' })}
          confirmText={t('workflows.delete')}
          onConfirm={async () => {
            if (!deleting) return;
            try {
              await remove.mutateAsync(deleting.id);
            } catch (failure) {
              throw new Error(
                `${t('workflows.deleteFailed')}${failure instanceof Error ? `: ${failure.message}` : ''}`,
              );
            }
            list.removedOne();
          }}
        />
      )}
    </Flex>
  );
}
