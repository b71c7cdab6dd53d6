import { EXECUTION_STATUSES, type Execution, type ExecutionStatus } from '@omnichat/contracts';
import { Flex, Form, Input, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session/use-session.ts';
import { type ListColumn, ListView } from '../../ui/list/ListView.tsx';
import { useList } from '../../ui/list/use-list.ts';
import { STATUS_COLOURS, useDateTime, WORKFLOWS_PATH } from './parts.tsx';
import { type HistoryFilters, listExecutions, useWorkflowNames, workflowKeys } from './workflows-api.ts';

/** A `date` input's day as unix seconds at its start (or, with `end`, at its end), in local time. */
const daySeconds = (value: string, end = false) =>
  value ? Math.floor(new Date(`${value}T${end ? '23:59:59' : '00:00:00'}`).getTime() / 1000) : undefined;

/** The runs of every workflow, newest first, by workflow, status and time; a row opens the run's details. */
export function HistoryTab() {
  const { t } = useTranslation();
  const { workspaceId } = useSession();
  const dateTime = useDateTime();
  const workflows = useWorkflowNames(workspaceId);
  const list = useList<Execution, HistoryFilters>({
    queryKey: (params) => workflowKeys.executions(workspaceId, params),
    fetchPage: listExecutions,
    filters: {},
  });

  const runLink = (run: Execution) => (
    <Link
      to={`${WORKFLOWS_PATH}/executions/${run.id}`}
      aria-label={t('workflows.history.openRun', { name: run.workflow_name })}
    >
      <Typography.Text strong>{run.workflow_name}</Typography.Text>
    </Link>
  );
  const status = (run: Execution) => (
    <Flex gap={4}>
      <Tag color={STATUS_COLOURS[run.status]}>{t(`workflows.statuses.${run.status}`)}</Tag>
      {run.test && <Tag>{t('workflows.run.test')}</Tag>}
    </Flex>
  );
  const columns: ListColumn<Execution>[] = [
    { key: 'workflow', title: t('workflows.history.workflow'), render: runLink },
    { key: 'status', title: t('workflows.history.status'), render: status },
    { key: 'customer', title: t('workflows.history.customer'), render: (run) => run.customer_name ?? '—' },
    { key: 'started', title: t('workflows.history.started'), render: (run) => dateTime(run.started_at) },
    { key: 'finished', title: t('workflows.history.finished'), render: (run) => dateTime(run.finished_at) },
  ];
  const card = (run: Execution) => (
    <Flex vertical gap={4}>
      {runLink(run)}
      {status(run)}
      <Typography.Text type="secondary">
        {run.customer_name ?? '—'} · {dateTime(run.started_at)}
      </Typography.Text>
    </Flex>
  );
  // the filters with their labels shown (on a phone too)
  const filters = (
    <Form layout="inline" component="div">
      <Form.Item label={t('workflows.history.workflow')} htmlFor="history-workflow">
        <Select
          id="history-workflow"
          placeholder={t('workflows.history.allWorkflows')}
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 200 }}
          value={list.filters.workflow_id}
          onChange={(value?: string) => list.setFilter('workflow_id', value)}
          options={(workflows.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
        />
      </Form.Item>
      <Form.Item label={t('workflows.history.status')} htmlFor="history-status">
        <Select
          id="history-status"
          placeholder={t('workflows.history.allStatuses')}
          allowClear
          style={{ minWidth: 160 }}
          value={list.filters.status}
          onChange={(value?: ExecutionStatus) => list.setFilter('status', value)}
          options={EXECUTION_STATUSES.map((value) => ({ value, label: t(`workflows.statuses.${value}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('workflows.history.from')} htmlFor="history-from">
        <Input
          id="history-from"
          type="date"
          onChange={(event) => list.setFilter('from', daySeconds(event.target.value))}
        />
      </Form.Item>
      <Form.Item label={t('workflows.history.to')} htmlFor="history-to">
        <Input
          id="history-to"
          type="date"
          onChange={(event) => list.setFilter('to', daySeconds(event.target.value, true))}
        />
      </Form.Item>
    </Form>
  );

  return (
    <ListView<Execution>
      list={list}
      label={t('workflows.tabs.history')}
      rowKey={(run) => run.id}
      columns={columns}
      card={card}
      filters={filters}
      loadFailed={t('workflows.history.loadFailed')}
    />
  );
}
