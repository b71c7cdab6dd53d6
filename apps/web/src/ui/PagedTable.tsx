import { SearchOutlined } from '@ant-design/icons';
import type { PageInfo } from '@omnichat/contracts';
import { Button, Card, Empty, Input, Result, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const PAGE_SIZE = 10;

interface PagedTableProps<T> {
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  items: T[] | undefined;
  page: PageInfo | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  current: number;
  size: number;
  onPage: (page: number, size: number) => void;
  /** Search box and filters above the table. */
  toolbar: ReactNode;
  label: string;
}

/** A server-paged list (admin lists, audit log): toolbar, loading, error with retry, "no data available", paging. */
export function PagedTable<T extends object>(props: PagedTableProps<T>) {
  const { t } = useTranslation();
  const { items, page, loading, error, onRetry, current, size, onPage, toolbar, columns, rowKey, label } = props;
  return (
    <Card styles={{ body: { padding: 16 } }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 16 }}>{toolbar}</div>
      {error && !items ? (
        <Result
          status="warning"
          title={t('adminPages.common.loadFailed')}
          extra={<Button onClick={onRetry}>{t('common.retry')}</Button>}
        />
      ) : (
        <Table<T>
          aria-label={label}
          rowKey={rowKey}
          size="middle"
          columns={columns}
          dataSource={items ?? []}
          loading={loading}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} /> }}
          pagination={{
            current,
            pageSize: size,
            total: page?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            hideOnSinglePage: false,
            onChange: onPage,
            size: 'small',
          }}
        />
      )}
    </Card>
  );
}

/** The search box of an admin list. */
export function SearchBox({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <Input
      allowClear
      aria-label={label}
      placeholder={t('adminPages.common.searchPlaceholder')}
      prefix={<SearchOutlined aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      style={{ flex: '1 1 220px', maxWidth: 360 }}
    />
  );
}
