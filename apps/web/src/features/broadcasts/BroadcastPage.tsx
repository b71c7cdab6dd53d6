import {
  ArrowLeftOutlined,
  DownloadOutlined,
  PauseOutlined,
  PlayCircleOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { BroadcastRecipient, BroadcastStatus } from '@omnichat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Dropdown, Flex, Segmented, Statistic, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSession } from '../../app/session/use-session.ts';
import { toast } from '../../app/toast/toast-store.ts';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { type ListColumn, ListView } from '../../ui/list/ListView.tsx';
import { useList } from '../../ui/list/use-list.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryView } from '../../ui/QueryView.tsx';
import { Text } from '../../ui/text.tsx';
import { BROADCASTS_PATH, useCanWriteBroadcasts } from './BroadcastsPage.tsx';
import {
  type BroadcastAction,
  broadcastKeys,
  exportResults,
  type JobFilters,
  listJobs,
  useBroadcast,
  useBroadcastAction,
  useCancelJob,
} from './broadcasts-api.ts';
import { PauseReasonAlert } from './PauseReason.tsx';
import { BroadcastProgressBar, BroadcastStatusTag, useBroadcastPushes } from './parts.tsx';
import { formatInZone } from './zone.ts';
import './i18n/index.ts';

const ORDER = [
  'total',
  'pending',
  'sent',
  'delivered',
  'read',
  'replied',
  'failed',
  'skipped',
  'unknown',
  'cancelled',
] as const;
const JOB_COLORS: Record<string, string> = {
  pending: 'default',
  sent: 'blue',
  delivered: 'cyan',
  read: 'green',
  failed: 'red',
  skipped: 'gold',
  cancelled: 'default',
  unknown: 'orange',
};
const ACTIONS: Record<BroadcastStatus, BroadcastAction[]> = {
  scheduled: ['pause', 'cancel'],
  sending: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
  completed: [],
  cancelled: [],
  failed: [],
};

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** USD cents as $dollars.cents: 1234 → $12.34. */
export const dollars = (cents: number) => usd.format(cents / 100);

/** /app/chat/whatsapp-broadcast/:id: a broadcast's live progress, its controls, and its recipients. */
export function BroadcastPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { member, workspaceId } = useSession();
  const zone = member?.workspace.time_zone;
  const canWrite = useCanWriteBroadcasts();
  const queryClient = useQueryClient();
  const broadcast = useBroadcast(workspaceId, id);
  const act = useBroadcastAction(workspaceId);
  const cancelJob = useCancelJob();
  const [confirming, setConfirming] = useState(false);
  const jobs = useList<BroadcastRecipient, JobFilters>({
    queryKey: (params) => broadcastKeys.jobs(workspaceId, id, params),
    fetchPage: listJobs(id),
    filters: { status: 'pending' },
  });
  useBroadcastPushes((pushed) => {
    if (pushed === id) void queryClient.invalidateQueries({ queryKey: ['broadcasts', workspaceId, 'jobs', id] });
  });

  const jobStatus = (job: BroadcastRecipient) => (
    <Tag color={JOB_COLORS[job.status]}>{t(`broadcasts.counts.${job.status}`)}</Tag>
  );
  const jobError = (job: BroadcastRecipient) =>
    job.skip_reason ? (
      t(`broadcasts.skipReasons.${job.skip_reason}`)
    ) : job.error_code || job.error_title ? (
      <span>
        {job.error_code && <Text strong>{job.error_code}</Text>} {job.error_title}
      </span>
    ) : (
      <Text secondary>-</Text>
    );
  const jobActions = (job: BroadcastRecipient) =>
    job.status === 'pending' ? (
      <Button
        size="small"
        loading={cancelJob.isPending && cancelJob.variables?.jobId === job.id}
        aria-label={t('broadcasts.cancelJobNamed', { phone: job.phone ?? '-' })}
        onClick={() =>
          cancelJob.mutate({ id, jobId: job.id }, { onSuccess: () => toast.success(t('broadcasts.jobCancelled')) })
        }
      >
        {t('broadcasts.cancelJob')}
      </Button>
    ) : null;
  const columns: ListColumn<BroadcastRecipient>[] = [
    { key: 'phone', title: t('broadcasts.phone'), render: (job) => job.phone ?? '-' },
    { key: 'status', title: t('broadcasts.statusTitle'), render: jobStatus },
    { key: 'error', title: t('broadcasts.error'), render: jobError },
    { key: 'sent_at', title: t('broadcasts.sentAt'), render: (job) => formatInZone(job.sent_at, zone) },
    { key: 'price', title: t('broadcasts.price'), align: 'end', render: (job) => dollars(job.price_cents) },
    ...(canWrite && jobs.filters.status === 'pending'
      ? [{ key: 'actions', title: '', actions: true, render: jobActions }]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={broadcast.data?.name ?? t('nav.whatsappBroadcast')}
        subtitle={
          <Link to={BROADCASTS_PATH}>
            <ArrowLeftOutlined aria-hidden /> {t('broadcasts.back')}
          </Link>
        }
        extra={
          broadcast.data ? (
            <Flex gap={8} wrap>
              <Dropdown
                trigger={['click']}
                menu={{
                  items: (['csv', 'xlsx'] as const).map((format) => ({
                    key: format,
                    label: t(format === 'csv' ? 'broadcasts.exportCsv' : 'broadcasts.exportXlsx'),
                    onClick: () => void exportResults(id, format).catch(() => undefined),
                  })),
                }}
              >
                <Button icon={<DownloadOutlined aria-hidden />}>{t('broadcasts.exportResults')}</Button>
              </Dropdown>
              {canWrite &&
                ACTIONS[broadcast.data.status].map((action) =>
                  action === 'cancel' ? (
                    <Button key={action} danger icon={<StopOutlined aria-hidden />} onClick={() => setConfirming(true)}>
                      {t('broadcasts.cancel')}
                    </Button>
                  ) : (
                    <Button
                      key={action}
                      icon={action === 'pause' ? <PauseOutlined aria-hidden /> : <PlayCircleOutlined aria-hidden />}
                      loading={act.isPending && act.variables?.action === action}
                      onClick={() => act.mutate({ id, action })}
                    >
                      {t(`broadcasts.${action}`)}
                    </Button>
                  ),
                )}
            </Flex>
          ) : null
        }
      />
      <QueryView query={broadcast} failed={t('broadcasts.notFound')}>
        {(item) => (
          <Flex vertical gap={16}>
            <PauseReasonAlert broadcast={item} />
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, lg: 3 }}
              items={[
                {
                  key: 'status',
                  label: t('broadcasts.statusTitle'),
                  children: <BroadcastStatusTag status={item.status} />,
                },
                { key: 'template', label: t('broadcasts.template'), children: item.template_name },
                { key: 'cost', label: t('broadcasts.estimatedCost'), children: dollars(item.estimated_cost_cents) },
                { key: 'send_at', label: t('broadcasts.sendAt'), children: formatInZone(item.send_at, zone) },
                { key: 'started', label: t('broadcasts.startedAt'), children: formatInZone(item.started_at, zone) },
                { key: 'done', label: t('broadcasts.completedAt'), children: formatInZone(item.completed_at, zone) },
              ]}
            />
            <BroadcastProgressBar progress={item.progress} />
            <Flex gap={24} wrap>
              {ORDER.map((key) => (
                <div key={key} data-testid={`count-${key}`}>
                  <Statistic title={t(`broadcasts.counts.${key}`)} value={item.progress[key]} />
                </div>
              ))}
            </Flex>
          </Flex>
        )}
      </QueryView>
      <h2 style={{ fontSize: 16, margin: '24px 0 8px' }}>{t('broadcasts.recipients')}</h2>
      <ListView<BroadcastRecipient>
        list={jobs}
        label={t('broadcasts.recipients')}
        rowKey={(job) => job.id}
        columns={columns}
        filters={
          <Segmented
            value={jobs.filters.status}
            onChange={(value) => jobs.setFilter('status', value as JobFilters['status'])}
            options={(['pending', 'processed'] as const).map((value) => ({
              value,
              label: t(`broadcasts.jobsKind.${value}`),
            }))}
          />
        }
        loadFailed={t('broadcasts.jobsLoadFailed')}
      />
      {canWrite && broadcast.data && (
        <DeleteDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title={t('broadcasts.cancelTitle')}
          message={t('broadcasts.cancelMessage', { name: broadcast.data.name })}
          confirmText={t('broadcasts.cancelConfirm')}
          successMessage={t('broadcasts.cancelled')}
          onConfirm={() => act.mutateAsync({ id, action: 'cancel' })}
        />
      )}
    </>
  );
}
