import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ExecutionDetail } from '@omnichat/contracts';
import { ReactFlowProvider } from '@xyflow/react';
import { Button, Card, Descriptions, Flex, Modal, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../app/session/use-session.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { QueryView } from '../../../ui/QueryView.tsx';
import { edgeId, toFlowEdges, toFlowNodes } from '../editor/graph.ts';
import { WorkflowCanvas } from '../editor/WorkflowCanvas.tsx';
import { isLive, STATUS_COLOURS, useCanWriteWorkflows, useDateTime, WORKFLOWS_PATH } from '../parts.tsx';
import { useExecution, useExecutionActions } from '../workflows-api.ts';
import { StepList } from './StepList.tsx';
import { stepStatuses, takenEdges } from './step-statuses.ts';

/** /app/workflow/executions/:id: a run's path on its version's graph, its steps, retry and cancel. */
export function RunDetailsPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const { workspaceId } = useSession();
  const execution = useExecution(workspaceId, id);
  return (
    <>
      <PageHeader
        title={
          execution.data ? `${execution.data.workflow_name} · v${execution.data.version}` : t('workflows.run.title')
        }
        subtitle={
          <Link to={`${WORKFLOWS_PATH}?tab=history`}>
            <ArrowLeftOutlined aria-hidden /> {t('workflows.run.back')}
          </Link>
        }
      />
      <QueryView query={execution} rows={8} failed={t('workflows.history.loadFailed')}>
        {(run) => <RunDetails run={run} />}
      </QueryView>
    </>
  );
}

function RunDetails({ run }: { run: ExecutionDetail }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const canWrite = useCanWriteWorkflows();
  const { retry, cancel } = useExecutionActions();
  const [confirming, setConfirming] = useState<'retry' | 'cancel' | null>(null);
  const nodes = useMemo(() => {
    const statuses = stepStatuses(run.steps, run.nodes);
    return toFlowNodes(run.nodes).map((node) => ({
      ...node,
      data: { ...node.data, status: statuses.get(node.id) },
    }));
  }, [run]);
  const edges = useMemo(() => {
    const taken = new Set([...takenEdges(run.steps, run.edges)].map(edgeId));
    return toFlowEdges(run.edges).map((edge) =>
      taken.has(edge.id) ? { ...edge, animated: true, style: { stroke: '#52c41a', strokeWidth: 3 } } : edge,
    );
  }, [run]);
  const action = confirming === 'retry' ? retry : cancel;

  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex justify="space-between" wrap gap={12}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              {
                key: 'status',
                label: t('workflows.history.status'),
                children: <Tag color={STATUS_COLOURS[run.status]}>{t(`workflows.statuses.${run.status}`)}</Tag>,
              },
              { key: 'started', label: t('workflows.history.started'), children: dateTime(run.started_at) },
              { key: 'finished', label: t('workflows.history.finished'), children: dateTime(run.finished_at) },
              { key: 'customer', label: t('workflows.history.customer'), children: run.customer_name ?? '—' },
              {
                key: 'trigger',
                label: t('workflows.trigger'),
                children: t(`workflows.types.${run.trigger_type.replace('.', '_')}`),
              },
              ...(run.waiting_until
                ? [{ key: 'until', label: t('workflows.run.waitingUntil'), children: dateTime(run.waiting_until) }]
                : []),
            ]}
          />
          {canWrite && (
            <Flex gap={8}>
              {run.status === 'failed' && (
                <Button type="primary" onClick={() => setConfirming('retry')}>
                  {t('workflows.run.retry')}
                </Button>
              )}
              {isLive(run.status) && (
                <Button danger onClick={() => setConfirming('cancel')}>
                  {t('workflows.run.cancel')}
                </Button>
              )}
            </Flex>
          )}
        </Flex>
        {run.error && <Typography.Text type="danger">{run.error}</Typography.Text>}
        {run.test && <Tag>{t('workflows.run.test')}</Tag>}
      </Card>
      <Card size="small" style={{ height: 460 }} styles={{ body: { height: '100%', padding: 0 } }}>
        <ReactFlowProvider>
          <WorkflowCanvas nodes={nodes} edges={edges} readOnly />
        </ReactFlowProvider>
      </Card>
      <Card size="small" title={t('workflows.run.steps')}>
        <StepList steps={run.steps} />
      </Card>
      <Modal
        open={confirming !== null}
        title={confirming === 'retry' ? t('workflows.run.retryTitle') : t('workflows.run.cancelTitle')}
        okText={confirming === 'retry' ? t('workflows.run.retry') : t('workflows.run.cancel')}
        okButtonProps={{ danger: confirming === 'cancel', loading: action.isPending }}
        cancelText={t('workflows.close')}
        onCancel={() => {
          setConfirming(null);
          action.reset();
        }}
        onOk={async () => {
          try {
            await action.mutateAsync(run.id);
            setConfirming(null);
          } catch {
            // the dialog stays open with the reason
          }
        }}
      >
        {confirming === 'retry' ? t('workflows.run.retryMessage') : t('workflows.run.cancelMessage')}
        {action.isError && <Typography.Paragraph type="danger">{action.error.message}</Typography.Paragraph>}
      </Modal>
    </Flex>
  );
}
