import { DownloadOutlined, HistoryOutlined, MergeCellsOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { type Customer, MERGE_MAX } from '@omnichat/contracts';
import { Button, Checkbox, Dropdown, Flex, Segmented, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMemberPermissions } from '../../app/queries.ts';
import { useSession } from '../../app/session/use-session.ts';
import { readJson, STORAGE_KEYS, writeJson } from '../../app/storage.ts';
import { ColorTag } from '../../ui/ColorTag.tsx';
import { type ListColumn, ListView } from '../../ui/list/ListView.tsx';
import { useList } from '../../ui/list/use-list.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { BulkTagBar } from './BulkTagBar.tsx';
import { CustomerDrawer } from './CustomerDrawer.tsx';
import {
  type CustomerFilters,
  customerKeys,
  filterOf,
  listCustomers,
  saveDownload,
  useCustomerTags,
} from './customers-api.ts';
import { DuplicatesDrawer } from './DuplicatesDrawer.tsx';
import { FieldFilters } from './FieldFilters.tsx';
import { FieldsAndTagsDrawer } from './FieldsAndTagsDrawer.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { ImportHistory } from './ImportHistory.tsx';
import { CUSTOMERS_NS } from './i18n/index.ts';
import { MergeDialog } from './MergeDialog.tsx';

const COLUMNS_KEY = STORAGE_KEYS.customerColumns;
const OPTIONAL = ['phone', 'email', 'company', 'tags', 'country', 'source', 'created', 'updated'] as const;
type OptionalColumn = (typeof OPTIONAL)[number];
const SHOWN_FIRST: OptionalColumn[] = ['phone', 'email', 'company', 'tags', 'created'];
const date = (seconds: number) => dayjs.unix(seconds).format('YYYY-MM-DD');

/** /app/relationship/customers: search, tag filter, columns of one's choice, bulk tags, import and export. */
export function CustomersPage() {
  const { t } = useTranslation(CUSTOMERS_NS);
  const { workspaceId, isAdmin } = useSession();
  const permissions = useMemberPermissions().data ?? [];
  const can = (name: string) => isAdmin || permissions.includes(name);
  const tags = useCustomerTags(workspaceId);
  const list = useList<Customer, CustomerFilters>({
    queryKey: (params) => customerKeys.list(workspaceId, params),
    fetchPage: listCustomers,
    filters: { tags: [], tagMode: 'any', custom: {} },
    size: 20,
  });
  const [shown, setShown] = useState<OptionalColumn[]>(() => readJson<OptionalColumn[]>(COLUMNS_KEY) ?? SHOWN_FIRST);
  const [selected, setSelected] = useState<string[]>([]);
  // the picked customers themselves (they may be on other pages than the one shown), for merging them
  const [picked, setPicked] = useState<Map<string, Customer>>(new Map());
  const [merging, setMerging] = useState<Customer[] | null>(null);
  const [history, setHistory] = useState(false);
  const select = (keys: string[]) => {
    const next = new Map<string, Customer>();
    for (const key of keys) {
      const customer = picked.get(key) ?? list.items.find((item) => item.id === key);
      if (customer) next.set(key, customer);
    }
    setPicked(next);
    setSelected(keys);
  };
  const mergeable = selected.length >= 2 && selected.length <= MERGE_MAX + 1 && picked.size === selected.length;
  const [editing, setEditing] = useState<Customer | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [duplicates, setDuplicates] = useState(false);
  const [managing, setManaging] = useState(false);

  const choose = (next: OptionalColumn[]) => {
    setShown(next);
    writeJson(COLUMNS_KEY, next);
  };
  const optional: Record<OptionalColumn, ListColumn<Customer>> = {
    phone: { key: 'phone', title: t('columns.phone'), render: (c) => c.phone ?? '', sortable: true },
    email: { key: 'email', title: t('columns.email'), render: (c) => c.email ?? '', sortable: true },
    company: { key: 'company', title: t('columns.company'), render: (c) => c.company ?? '', sortable: true },
    tags: {
      key: 'tags',
      title: t('columns.tags'),
      render: (c) => (
        <Flex gap={4} wrap>
          {c.tags.map((tag) => (
            <ColorTag key={tag.id} color={tag.color}>
              {tag.name}
            </ColorTag>
          ))}
        </Flex>
      ),
    },
    country: { key: 'country', title: t('columns.country'), render: (c) => c.country ?? '' },
    source: { key: 'source', title: t('columns.source'), render: (c) => t(`sources.${c.source}`) },
    created: { key: 'created_at', title: t('columns.created'), render: (c) => date(c.created_at), sortable: true },
    updated: { key: 'updated_at', title: t('columns.updated'), render: (c) => date(c.updated_at), sortable: true },
  };
  const columns: ListColumn<Customer>[] = [
    {
      key: 'display_name',
      title: t('columns.name'),
      sortable: true,
      render: (c) => <Link to={`/app/relationship/customers/${c.id}`}>{c.display_name}</Link>,
    },
    ...OPTIONAL.filter((key) => shown.includes(key)).map((key) => optional[key]),
  ];

  const filter = filterOf({ keyword: list.search.trim(), filters: list.filters });
  const exportAs = (format: 'csv' | 'xlsx') =>
    void saveDownload(
      '/v1/customers/export',
      { ...filter, format, ids: selected.length ? selected.join(',') : undefined },
      `customers-${dayjs().format('YYYY-MM-DD')}.${format}`,
    ).catch(() => undefined);

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        extra={
          <Space wrap>
            <Button onClick={() => setDuplicates(true)}>{t('duplicates')}</Button>
            {can('customer_write') && <Button onClick={() => setManaging(true)}>{t('manage.open')}</Button>}
            {can('customer_import') && (
              <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
                {t('import')}
              </Button>
            )}
            {can('customer_import') && (
              <Button icon={<HistoryOutlined aria-hidden />} onClick={() => setHistory(true)}>
                {t('history.open')}
              </Button>
            )}
            {can('customer_export') && (
              <Dropdown
                menu={{
                  items: [
                    { key: 'csv', label: t('exportCsv'), onClick: () => exportAs('csv') },
                    { key: 'xlsx', label: t('exportXlsx'), onClick: () => exportAs('xlsx') },
                  ],
                }}
              >
                <Button icon={<DownloadOutlined aria-hidden />}>{t('export')}</Button>
              </Dropdown>
            )}
            {can('customer_write') && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
                {t('add')}
              </Button>
            )}
          </Space>
        }
      />
      <ListView<Customer>
        list={list}
        label={t('title')}
        rowKey={(c) => c.id}
        columns={columns}
        search={{ label: t('search'), placeholder: t('searchPlaceholder') }}
        loadFailed={t('loadOneFailed')}
        selection={can('customer_write') ? { keys: selected, onChange: select } : undefined}
        filters={
          <>
            <Select
              mode="multiple"
              allowClear
              aria-label={t('tagFilter')}
              placeholder={t('tagFilter')}
              style={{ minWidth: 200 }}
              value={list.filters.tags}
              onChange={(value) => list.setFilter('tags', value)}
              options={(tags.data ?? []).map((tag) => ({
                value: tag.id,
                label: `${tag.name} (${tag.customer_count})`,
              }))}
              optionFilterProp="label"
            />
            {list.filters.tags.length > 1 && (
              <Segmented
                value={list.filters.tagMode}
                onChange={(value) => list.setFilter('tagMode', value as CustomerFilters['tagMode'])}
                options={[
                  { value: 'any', label: t('tagMode.any') },
                  { value: 'all', label: t('tagMode.all') },
                ]}
              />
            )}
            <FieldFilters value={list.filters.custom} onChange={(custom) => list.setFilter('custom', custom)} />
            <Dropdown
              trigger={['click']}
              popupRender={() => (
                <Checkbox.Group
                  className="ant-dropdown-menu"
                  style={{ display: 'flex', flexDirection: 'column', padding: 8, gap: 4 }}
                  value={shown}
                  onChange={(value) => choose(value as OptionalColumn[])}
                  options={OPTIONAL.map((key) => ({ value: key, label: t(`columns.${key}`) }))}
                />
              )}
            >
              <Button>{t('chooseColumns')}</Button>
            </Dropdown>
          </>
        }
        toolbar={
          selected.length > 0 && (
            <Flex vertical gap={8}>
              <BulkTagBar
                selected={selected}
                total={list.pageInfo?.total ?? 0}
                filter={filter}
                onDone={() => select([])}
              />
              {selected.length >= 2 && (
                <Flex gap={8} align="center" wrap>
                  <Button
                    icon={<MergeCellsOutlined aria-hidden />}
                    disabled={!mergeable}
                    onClick={() => setMerging(selected.map((id) => picked.get(id)!))}
                  >
                    {t('merge.selected', { count: selected.length })}
                  </Button>
                  {selected.length > MERGE_MAX + 1 && (
                    <Typography.Text type="secondary">{t('merge.tooMany', { max: MERGE_MAX + 1 })}</Typography.Text>
                  )}
                </Flex>
              )}
            </Flex>
          )
        }
      />
      <CustomerDrawer customer={editing} onClose={() => setEditing(null)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
      <ImportHistory open={history} onClose={() => setHistory(false)} />
      <MergeDialog
        key={merging?.map((c) => c.id).join()}
        customers={merging}
        onClose={() => setMerging(null)}
        onMerged={() => select([])}
      />
      <FieldsAndTagsDrawer open={managing} onClose={() => setManaging(false)} />
      <DuplicatesDrawer open={duplicates} onClose={() => setDuplicates(false)} canMerge={can('customer_write')} />
    </>
  );
}
