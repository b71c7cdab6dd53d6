import { InboxOutlined } from '@ant-design/icons';
import {
  CUSTOMER_COLUMNS,
  type CustomerImport,
  customerImportEndpoints,
  IMPORT_ENCODINGS,
  type ImportOptions,
  type ImportPreview,
} from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Flex,
  Form,
  Modal,
  Progress,
  Radio,
  Select,
  Space,
  Table,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../app/http/index.ts';
import { useSession } from '../../app/session/use-session.ts';
import { saveDownload, startImport, useCustomerFields } from './customers-api.ts';
import { importCounts, ReportButton, ReportTable } from './ImportReport.tsx';
import { CUSTOMERS_NS } from './i18n/index.ts';
import { useImportJob } from './use-import-job.ts';

type Options = Required<Pick<ImportOptions, 'match_by' | 'on_match'>> & { encoding?: ImportOptions['encoding'] };
const ACCEPT = '.xlsx,.xls,.csv';

/** The running or last import of this organization, so that leaving the dialog never loses it. */
const useLastImport = (enabled: boolean) =>
  useQuery({
    queryKey: ['customer-imports', 'recent'],
    enabled,
    queryFn: () => http.call(customerImportEndpoints.recent, { query: { page: 1, size: 20 } }),
  });

/**
 * Import customers: a file and the update options (SPEC 5), its columns mapped to fields (matched by header,
 * changeable) with the first rows and their problems, then the background import with a live progress bar and
 * the report of bad rows.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(CUSTOMERS_NS);
  const { workspaceId } = useSession();
  const fields = useCustomerFields(workspaceId);
  const last = useLastImport(open);
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<Options>({ match_by: ['phone'], on_match: 'fill_empty' });
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<string[]>([]);
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  // reopening shows an import that is still running
  const running = last.data?.find((item) => item.status === 'queued' || item.status === 'running');
  const shownJob = jobId ?? running?.job_id ?? null;
  const job = useImportJob(shownJob, open);

  const request = (extra: Partial<ImportOptions> = {}): ImportOptions => ({
    ...options,
    ...(preview && { mapping: Object.fromEntries(preview.header.map((name, index) => [name, mapping[index] ?? ''])) }),
    ...extra,
  });

  // a file (or its encoding) read again on the server: columns, first rows, their mapping and problems
  useEffect(() => {
    if (!file) return;
    let current = true;
    const form = new FormData();
    form.append('options', JSON.stringify({ match_by: ['phone'], encoding: options.encoding }));
    form.append('file', file, file.name);
    http
      .call(customerImportEndpoints.preview, { form })
      .then((answer) => {
        if (!current) return;
        setPreview(answer);
        setMapping(answer.mapping);
      })
      .catch(() => current && setFile(null));
    return () => {
      current = false;
    };
  }, [file, options.encoding]);

  const start = async () => {
    if (!file) return;
    setStarting(true);
    try {
      const { job_id } = await startImport(file, request());
      setJobId(job_id);
    } catch {
      // the HTTP client has shown why
    } finally {
      setStarting(false);
    }
  };
  const reset = () => {
    setFile(null);
    setPreview(null);
    setJobId(null);
    void last.refetch();
  };
  const example = (format: 'csv' | 'xlsx') =>
    void saveDownload('/v1/customers/import/example', { format }, `customers-example.${format}`).catch(() => undefined);

  const targets = [
    { value: '', label: t('importDialog.ignore') },
    ...CUSTOMER_COLUMNS.map((column) => ({ value: column, label: t(`fields.${column}`) })),
    ...(fields.data ?? []).map((field) => ({ value: field.key, label: field.label })),
  ];

  let body: React.ReactNode;
  if (shownJob && job.data) body = <ImportProgress report={job.data} onAnother={reset} />;
  else
    body = (
      <Form layout="vertical" name="customer-import">
        <Form.Item label={t('importDialog.file')} extra={t('importDialog.fileHint')}>
          <Upload.Dragger
            accept={ACCEPT}
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              return false;
            }}
            onRemove={() => reset()}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p>{t('importDialog.fileHint')}</p>
          </Upload.Dragger>
        </Form.Item>
        <Space size={4} wrap style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">{t('importDialog.examples')}</Typography.Text>
          <Button type="link" size="small" onClick={() => example('xlsx')}>
            .xlsx
          </Button>
          <Button type="link" size="small" onClick={() => example('csv')}>
            .csv
          </Button>
        </Space>
        <Form.Item label={t('importDialog.matchBy')} required>
          <Checkbox.Group
            value={options.match_by}
            onChange={(value) => setOptions({ ...options, match_by: value as Options['match_by'] })}
            options={[
              { value: 'phone', label: t('importDialog.matchPhone') },
              { value: 'email', label: t('importDialog.matchEmail') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('importDialog.onMatch')}>
          <Radio.Group
            value={options.on_match}
            onChange={(event) => setOptions({ ...options, on_match: event.target.value })}
            options={(['fill_empty', 'overwrite', 'skip'] as const).map((value) => ({
              value,
              label: t(`importDialog.${value}`),
            }))}
          />
        </Form.Item>
        {file?.name.toLowerCase().endsWith('.csv') && (
          <Form.Item label={t('importDialog.encoding')} htmlFor="customer-import-encoding">
            <Select
              id="customer-import-encoding"
              value={options.encoding ?? ''}
              onChange={(value: Options['encoding'] | '') => setOptions({ ...options, encoding: value || undefined })}
              options={[
                { value: '', label: t('importDialog.encodingAuto') },
                ...IMPORT_ENCODINGS.map((value) => ({ value, label: value })),
              ]}
            />
          </Form.Item>
        )}
        {preview && (
          <>
            <Typography.Title level={5}>{t('importDialog.mapping')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('importDialog.mappingHint')}</Typography.Paragraph>
            <Table
              size="small"
              rowKey="column"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={preview.header.map((column, index) => ({ column, index }))}
              columns={[
                { key: 'column', title: t('importDialog.file'), render: (_, row) => row.column },
                {
                  key: 'target',
                  title: t('importDialog.mapping'),
                  render: (_, row) => (
                    <Select
                      aria-label={row.column}
                      style={{ minWidth: 180 }}
                      value={mapping[row.index] ?? ''}
                      onChange={(value) => setMapping(mapping.map((item, at) => (at === row.index ? value : item)))}
                      options={targets}
                    />
                  ),
                },
                {
                  key: 'preview',
                  title: t('importDialog.preview'),
                  render: (_, row) =>
                    preview.rows
                      .map((cells) => cells[row.index] ?? '')
                      .filter(Boolean)
                      .join(' · '),
                },
              ]}
            />
            {preview.problems.length > 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginTop: 12 }}
                title={preview.problems.slice(0, 5).map((problem) => (
                  <div key={`${problem.row}-${problem.reason}`}>
                    {t('importDialog.row')} {problem.row}: {problem.reason}
                  </div>
                ))}
              />
            )}
          </>
        )}
        <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }}>
          <Button onClick={onClose}>{t('common.cancel', { ns: 'translation' })}</Button>
          <Button
            type="primary"
            disabled={!file || !preview || options.match_by.length === 0}
            loading={starting}
            onClick={() => void start()}
          >
            {t('importDialog.start')}
          </Button>
        </Flex>
      </Form>
    );

  return (
    <Modal open={open} onCancel={onClose} title={t('importDialog.title')} footer={null} width={720} destroyOnHidden>
      {body}
    </Modal>
  );
}

/** An import's live progress, then its counts and bad rows with the report to download. */
function ImportProgress({ report, onAnother }: { report: CustomerImport; onAnother: () => void }) {
  const { t } = useTranslation(CUSTOMERS_NS);
  const finished = report.status === 'done' || report.status === 'failed';
  const percent = report.total ? Math.round((report.processed / report.total) * 100) : 0;
  return (
    <Flex vertical gap={12}>
      <Typography.Text strong>
        {report.status === 'done'
          ? t('importDialog.done')
          : report.status === 'failed'
            ? t('importDialog.failed')
            : report.total
              ? t('importDialog.running', { processed: report.processed, total: report.total })
              : t('importDialog.queued')}
      </Typography.Text>
      <Progress
        percent={report.status === 'done' ? 100 : percent}
        status={report.status === 'failed' ? 'exception' : finished ? 'success' : 'active'}
        aria-label={t('importDialog.title')}
      />
      {report.failure && <Alert type="error" showIcon title={report.failure} />}
      <Typography.Text>{importCounts(t, report)}</Typography.Text>
      {!finished && <Typography.Text type="secondary">{t('importDialog.leaveHint')}</Typography.Text>}
      {report.errors.length > 0 && (
        <>
          <Typography.Title level={5}>{t('importDialog.errorsTitle')}</Typography.Title>
          <ReportTable issues={report.errors} />
          <ReportButton jobId={report.job_id} />
        </>
      )}
      {finished && (
        <Flex justify="flex-end">
          <Button onClick={onAnother}>{t('importDialog.another')}</Button>
        </Flex>
      )}
    </Flex>
  );
}
