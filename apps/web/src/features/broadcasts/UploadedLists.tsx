import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { BROADCAST_LIMITS, type CustomerImport } from '@omnichat/contracts';
import { Alert, Button, Flex, Progress, Typography, Upload } from 'antd';
import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportTable, startImport, useImportJob } from '../customers/index.imports.ts';

/** A list of phone numbers uploaded as a customer import: its rows are the broadcast's customers once it is done. */
export interface UploadedList {
  jobId: string;
  fileName: string;
  status: CustomerImport['status'];
}

const ACCEPT = '.csv,.xlsx';
/** A list's rows find their customer by phone; a number no one has becomes a new customer. */
const OPTIONS = { match_by: ['phone' as const], on_match: 'fill_empty' as const };

/** Uploads lists (several, each removable) and shows each one's progress, counts and refused rows. */
export function UploadedLists({
  value,
  onChange,
}: {
  value: UploadedList[];
  onChange: Dispatch<SetStateAction<UploadedList[]>>;
}) {
  const { t } = useTranslation();
  const [starting, setStarting] = useState(0);
  const upload = async (file: File) => {
    setStarting((count) => count + 1);
    try {
      const { job_id } = await startImport(file, OPTIONS);
      onChange((lists) => [...lists, { jobId: job_id, fileName: file.name, status: 'queued' }]);
    } catch {
      // the HTTP client has shown why
    } finally {
      setStarting((count) => count - 1);
    }
  };
  const full = value.length + starting >= BROADCAST_LIMITS.importIdsMax;
  return (
    <Flex vertical gap={12}>
      {value.map((list) => (
        <ListReport
          key={list.jobId}
          list={list}
          onStatus={(status) =>
            onChange((lists) => lists.map((item) => (item.jobId === list.jobId ? { ...item, status } : item)))
          }
          onRemove={() => onChange((lists) => lists.filter((item) => item.jobId !== list.jobId))}
        />
      ))}
      <Upload
        accept={ACCEPT}
        multiple
        disabled={full}
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />} loading={starting > 0} disabled={full}>
          {t('broadcasts.lists.upload')}
        </Button>
      </Upload>
    </Flex>
  );
}

/** One list: its import's live progress, then what it added, matched and refused, with the refused rows. */
function ListReport({
  list,
  onStatus,
  onRemove,
}: {
  list: UploadedList;
  onStatus: (status: CustomerImport['status']) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const report = useImportJob(list.jobId).data;
  const status = report?.status ?? list.status;
  // the drawer sends only finished lists, and waits for running ones
  useEffect(() => {
    if (status !== list.status) onStatus(status);
  });
  const finished = status === 'done' || status === 'failed';
  const percent = report?.total ? Math.round((report.processed / report.total) * 100) : 0;
  const refused = report?.errors.filter((issue) => issue.level === 'error') ?? [];
  return (
    <section
      aria-label={list.fileName}
      style={{ border: '1px solid rgba(5, 5, 5, 0.1)', borderRadius: 8, padding: 12, minWidth: 0 }}
    >
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text strong ellipsis>
          {list.fileName}
        </Typography.Text>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined aria-hidden />}
          aria-label={t('broadcasts.lists.remove', { name: list.fileName })}
          onClick={onRemove}
        />
      </Flex>
      <Progress
        percent={status === 'done' ? 100 : percent}
        status={status === 'failed' ? 'exception' : finished ? 'success' : 'active'}
        aria-label={t('broadcasts.lists.progress', { name: list.fileName })}
      />
      <Typography.Text type={status === 'failed' ? 'danger' : undefined}>
        {status === 'done' && report
          ? t('broadcasts.lists.counts', {
              added: report.created,
              matched: report.updated + report.skipped,
              refused: report.error_count,
            })
          : status === 'failed'
            ? t('broadcasts.lists.failed')
            : report?.total
              ? t('broadcasts.lists.running', { processed: report.processed, total: report.total })
              : t('broadcasts.lists.queued')}
      </Typography.Text>
      {report?.failure && <Alert type="error" showIcon title={report.failure} style={{ marginTop: 8 }} />}
      {finished && refused.length > 0 && (
        <div style={{ marginTop: 8, overflowX: 'auto' }}>
          <Typography.Text type="secondary">{t('broadcasts.lists.refusedRows')}</Typography.Text>
          <ReportTable issues={refused} />
        </div>
      )}
    </section>
  );
}
