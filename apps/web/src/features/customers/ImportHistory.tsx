import type { CustomerImportListItem } from '@omnichat/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Flex, Pagination, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/use-session.ts';
import { QueryView } from '../../ui/QueryView.tsx';
import { customerKeys, listImports } from './customers-api.ts';
import { importCounts, ReportButton } from './ImportReport.tsx';
import { CUSTOMERS_NS } from './i18n/index.ts';

const PAGE = 10;
const STATUS_COLOR = { queued: 'default', running: 'processing', done: 'success', failed: 'error' } as const;

/** The organization's past imports: when, who, which file, how it went, and each one's report to download. */
export function ImportHistory({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(CUSTOMERS_NS);
  const { workspaceId } = useSession();
  const [page, setPage] = useState(1);
  const imports = useQuery({
    queryKey: customerKeys.imports(workspaceId, page),
    enabled: open,
    placeholderData: keepPreviousData,
    queryFn: () => listImports(page, PAGE),
    refetchInterval: (query) =>
      query.state.data?.data.some((item) => item.status === 'queued' || item.status === 'running') ? 3000 : false,
  });
  return (
    <Drawer open={open} onClose={onClose} title={t('history.title')} size="min(900px, 100vw)">
      <QueryView query={imports} rows={4}>
        {({ data, page: info }) =>
          data.length === 0 ? (
            <Empty description={t('history.none')} />
          ) : (
            <Flex vertical gap={12}>
              <Table<CustomerImportListItem>
                size="small"
                rowKey="job_id"
                pagination={false}
                scroll={{ x: 'max-content' }}
                aria-label={t('history.title')}
                dataSource={data}
                columns={[
                  {
                    key: 'when',
                    title: t('history.when'),
                    render: (_, item) => dayjs.unix(item.created_at).format('YYYY-MM-DD HH:mm'),
                  },
                  { key: 'who', title: t('history.who'), render: (_, item) => item.user_name ?? '—' },
                  { key: 'file', title: t('history.file'), dataIndex: 'file_name' },
                  {
                    key: 'status',
                    title: t('history.status'),
                    render: (_, item) => (
                      <Tag color={STATUS_COLOR[item.status]}>{t(`history.statuses.${item.status}`)}</Tag>
                    ),
                  },
                  {
                    key: 'counts',
                    title: t('history.counts'),
                    render: (_, item) => (
                      <Flex vertical>
                        <span>{importCounts(t, item)}</span>
                        {item.failure && <Typography.Text type="danger">{item.failure}</Typography.Text>}
                      </Flex>
                    ),
                  },
                  {
                    key: 'report',
                    title: t('history.report'),
                    render: (_, item) =>
                      item.error_count + item.warning_count > 0 ? (
                        <ReportButton jobId={item.job_id} size="small" />
                      ) : (
                        <Typography.Text type="secondary">{t('history.clean')}</Typography.Text>
                      ),
                  },
                ]}
              />
              {info && info.total > PAGE && (
                <Pagination simple current={page} pageSize={PAGE} total={info.total} onChange={setPage} />
              )}
            </Flex>
          )
        }
      </QueryView>
    </Drawer>
  );
}
