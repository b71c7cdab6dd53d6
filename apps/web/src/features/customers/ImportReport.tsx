import type { CustomerImport, ImportRowIssue } from '@omnichat/contracts';
import { Button, Table, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { saveDownload } from './customers-api.ts';
import { CUSTOMERS_NS } from './i18n/index.ts';

/** An import's counts in a sentence: added, updated, unchanged, imported with warnings, refused. */
export const importCounts = (t: TFunction, report: CustomerImport) =>
  t('importDialog.counts', {
    created: report.created,
    updated: report.updated,
    skipped: report.skipped,
    warnings: report.warning_count,
    errors: report.error_count,
  });

/** The rows of a report: a refused row (error) or a value left out of an imported row (warning), with why. */
export function ReportTable({ issues }: { issues: ImportRowIssue[] }) {
  const { t } = useTranslation(CUSTOMERS_NS);
  return (
    <Table
      size="small"
      rowKey={(issue) => `${issue.row}-${issue.reason}`}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      dataSource={issues}
      columns={[
        { key: 'row', title: t('importDialog.row'), dataIndex: 'row', width: 70 },
        {
          key: 'level',
          title: t('importDialog.level'),
          width: 110,
          render: (_, issue) => (
            <Tag color={issue.level === 'error' ? 'error' : 'warning'}>{t(`importDialog.levels.${issue.level}`)}</Tag>
          ),
        },
        { key: 'reason', title: t('importDialog.reason'), dataIndex: 'reason' },
      ]}
    />
  );
}

/** Downloads an import's whole report as CSV: every row with an error or a warning. */
export function ReportButton({ jobId, size }: { jobId: string; size?: 'small' }) {
  const { t } = useTranslation(CUSTOMERS_NS);
  return (
    <Button
      size={size}
      onClick={() =>
        void saveDownload(
          `/v1/customers/import/${jobId}/errors`,
          { format: 'csv' },
          `import-report-${jobId.slice(0, 8)}.csv`,
        ).catch(() => undefined)
      }
    >
      {t('importDialog.downloadReport')}
    </Button>
  );
}
