import { DownloadOutlined } from '@ant-design/icons';
import { topUpBodySchema, type WalletTransaction, type WalletTransactionType } from '@omnichat/contracts';
import { Alert, Button, Card, Empty, Flex, Form, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DollarInput } from '../../ui/DollarInput.tsx';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryView } from '../../ui/QueryView.tsx';
import { saveDownload } from '../customers/index.ts';
import {
  dollars,
  PAYMENT_METHOD_REQUIRED,
  useTopUp,
  useTransactions,
  useWallet,
  useWalletPushes,
  useWalletSettings,
} from './billing-api.ts';
import './i18n/index.ts';

/** Where the cards are managed (the organization settings' billing tab). */
export const BILLING_SETTINGS = '/app/organization/settings?tab=billing';

function TopUpForm() {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<{ amount_cents: number }>();
  const topUp = useTopUp();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <Card title={t('billing.topUp')}>
      <ApiForm
        form={form}
        name="wallet-top-up"
        success={false}
        submit={({ amount_cents }) => {
          setAnswer(null);
          return topUp.mutateAsync(amount_cents);
        }}
        onDone={(_, values) => {
          setAnswer({ ok: true, text: t('billing.topUpDone', { amount: dollars(values.amount_cents) }) });
          form.resetFields();
        }}
        onFailed={(error) => setAnswer({ ok: false, text: error.message })}
        initialValues={{ amount_cents: 1000 }}
      >
        <Form.Item
          name="amount_cents"
          label={t('billing.topUpAmount')}
          extra={t('billing.topUpHint')}
          rules={rules.zod(topUpBodySchema.shape.amount_cents)}
        >
          <DollarInput style={{ maxWidth: 240 }} />
        </Form.Item>
        <SubmitButton>{t('billing.topUpButton')}</SubmitButton>
      </ApiForm>
      <div aria-live="polite">
        {answer && (
          <Alert
            style={{ marginTop: 16 }}
            type={answer.ok ? 'success' : 'error'}
            showIcon
            role={answer.ok ? 'status' : 'alert'}
            title={answer.text}
            description={
              answer.text === PAYMENT_METHOD_REQUIRED ? (
                <Link to={BILLING_SETTINGS}>{t('billing.addCardLink')}</Link>
              ) : null
            }
          />
        )}
      </div>
    </Card>
  );
}

function ThresholdForm({ threshold }: { threshold: number | null }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ threshold: number }>();
  const save = useWalletSettings();
  return (
    <Card title={t('billing.lowBalance')}>
      <ApiForm
        form={form}
        name="wallet-threshold"
        submit={({ threshold: value }) => save.mutateAsync(value > 0 ? value : null)}
        initialValues={{ threshold: threshold ?? 0 }}
      >
        <Form.Item name="threshold" label={t('billing.lowBalanceThreshold')} extra={t('billing.lowBalanceHint')}>
          <DollarInput style={{ maxWidth: 240 }} />
        </Form.Item>
        <SubmitButton>{t('common.save')}</SubmitButton>
      </ApiForm>
    </Card>
  );
}

function Transactions() {
  const { t } = useTranslation();
  const [type, setType] = useState<WalletTransactionType | undefined>();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const list = useTransactions(type, page, size);
  const exportAs = (format: 'csv' | 'xlsx') =>
    // a failure is toasted by the client
    saveDownload('/v1/wallet/transactions/export', { format, type }, `wallet-transactions.${format}`).catch(
      () => undefined,
    );
  return (
    <Card
      title={t('billing.transactions')}
      extra={
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => exportAs('csv')}>
            {t('billing.exportCsv')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => exportAs('xlsx')}>
            {t('billing.exportXlsx')}
          </Button>
        </Space>
      }
    >
      <Select<WalletTransactionType | 'all'>
        aria-label={t('billing.type')}
        style={{ minWidth: 180, marginBottom: 16 }}
        value={type ?? 'all'}
        onChange={(value) => {
          setType(value === 'all' ? undefined : value);
          setPage(1);
        }}
        options={[
          { value: 'all', label: t('billing.allTypes') },
          { value: 'deposit', label: t('billing.deposit') },
          { value: 'withdrawal', label: t('billing.withdrawal') },
        ]}
      />
      {list.isError ? (
        <Alert type="error" showIcon title={t('billing.loadFailed')} />
      ) : (
        <Table<WalletTransaction>
          rowKey="id"
          size="middle"
          scroll={{ x: 640 }}
          loading={list.isFetching}
          dataSource={list.data?.data ?? []}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.noTransactions')} />,
          }}
          pagination={{
            current: page,
            pageSize: size,
            total: list.data?.page?.total ?? 0,
            showSizeChanger: true,
            onChange: (next, nextSize) => {
              setPage(nextSize === size ? next : 1);
              setSize(nextSize);
            },
          }}
          columns={[
            {
              key: 'date',
              title: t('billing.date'),
              render: (_, row) => new Date(row.created_at * 1000).toISOString().slice(0, 16).replace('T', ' '),
            },
            {
              key: 'topic',
              title: t('billing.topic'),
              render: (_, row) => (
                <>
                  {row.topic}
                  {row.description && <Typography.Text type="secondary"> · {row.description}</Typography.Text>}
                </>
              ),
            },
            {
              key: 'amount',
              title: t('billing.amount'),
              align: 'right',
              render: (_, row) => dollars(row.amount_cents),
            },
            {
              key: 'type',
              title: t('billing.type'),
              render: (_, row) => (
                <Tag color={row.type === 'deposit' ? 'green' : 'orange'}>{t(`billing.${row.type}`)}</Tag>
              ),
            },
            {
              key: 'balance',
              title: t('billing.balanceAfter'),
              align: 'right',
              render: (_, row) => dollars(row.balance_after_cents),
            },
          ]}
        />
      )}
    </Card>
  );
}

/** /app/organization/wallet (owner or admin): balance, top-up, low-balance warning, transactions. */
export function WalletPage() {
  const { t } = useTranslation();
  const wallet = useWallet();
  // money that arrives another way (Stripe's webhook, an operator, a broadcast) shows without a reload
  useWalletPushes();
  return (
    <>
      <PageHeader title={t('pages.wallet')} />
      <Flex vertical gap={16}>
        <Card>
          <QueryView query={wallet} rows={1} failed={t('billing.loadFailed')}>
            {(data) => (
              <Flex gap={32} wrap>
                <Statistic title={t('billing.balance')} value={dollars(data.balance_cents)} />
                {data.reserved_cents > 0 && (
                  <Statistic title={t('billing.reserved')} value={dollars(data.reserved_cents)} />
                )}
              </Flex>
            )}
          </QueryView>
        </Card>
        <TopUpForm />
        {wallet.data && <ThresholdForm threshold={wallet.data.low_balance_threshold_cents} />}
        <Transactions />
      </Flex>
    </>
  );
}
