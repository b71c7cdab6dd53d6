import { Button, Card, Empty, Flex, Grid, Pagination, Result, Skeleton, Table, type TableColumnsType } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListCards } from './ListCards.tsx';
import { SearchBox } from './SearchBox.tsx';
import { type ListState, PAGE_SIZES } from './use-list.ts';

/** A column of a list: a table column on wide screens, a labelled line of a card on a phone. */
export interface ListColumn<T> {
  /** also the field the server sorts by when `sortable` */
  key: string;
  title: string;
  render: (item: T) => ReactNode;
  sortable?: boolean;
  align?: 'start' | 'end';
  /** the row's buttons: last on a card, without a label */
  actions?: boolean;
}

interface ListViewProps<T> {
  list: ListState<T>;
  /** the accessible name of the table or card list */
  label: string;
  rowKey: (item: T) => string;
  columns: ListColumn<T>[];
  search?: { label: string; placeholder: string };
  /** filters beside the search box */
  filters?: ReactNode;
  loadFailed: string;
  /** a phone card of one item; by default the first column as its title and the others as labelled lines */
  card?: (item: T) => ReactNode;
  /** rows the user can pick (checkboxes on the table) for actions on several at once */
  selection?: { keys: string[]; onChange: (keys: string[]) => void };
  /** shown between the filters and the list, e.g. the actions on the picked rows */
  toolbar?: ReactNode;
}

const antdOrder = { asc: 'ascend', desc: 'descend' } as const;

/**
 * The select-all checkbox of the table's header. antd repeats the header in a hidden row (aria-hidden, zero height)
 * that measures the columns; the copy there keeps its width but must not take the keyboard focus unseen.
 */
function HeaderCheckbox({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [measuring, setMeasuring] = useState(false);
  useLayoutEffect(() => setMeasuring(Boolean(ref.current?.closest('[aria-hidden="true"]'))), []);
  return (
    <span ref={ref} style={measuring ? { visibility: 'hidden' } : undefined}>
      {children}
    </span>
  );
}

/**
 * A table wider than its card scrolls sideways: it is then a named region the keyboard reaches (Tab, then the arrow
 * keys), also when no row holds a control to Tab to.
 */
function useKeyboardScroll(root: RefObject<HTMLDivElement | null>, label: string, active: boolean) {
  useEffect(() => {
    const scroller = root.current?.querySelector<HTMLElement>('.ant-table-content');
    if (!active || !scroller) return;
    const update = () => {
      if (scroller.scrollWidth > scroller.clientWidth) {
        scroller.tabIndex = 0;
        scroller.setAttribute('role', 'region');
        scroller.setAttribute('aria-label', label);
      } else {
        scroller.removeAttribute('tabindex');
        scroller.removeAttribute('role');
        scroller.removeAttribute('aria-label');
      }
    };
    update();
    const observer = new ResizeObserver(update);
    // the scroller's size and its table's: a new page of rows may be wider or narrower
    observer.observe(scroller);
    if (scroller.firstElementChild) observer.observe(scroller.firstElementChild);
    return () => observer.disconnect();
  }, [root, label, active]);
}

/**
 * A server-paged list page's body: search and filters, a sortable table (cards on a phone), loading, empty and
 * error states, and paging. Its state comes from `useList`.
 */
export function ListView<T extends object>(props: ListViewProps<T>) {
  const { t } = useTranslation();
  const isPhone = Grid.useBreakpoint().md === false;
  const { list, label, rowKey, columns, search, filters, loadFailed, card, selection, toolbar } = props;
  const { query, items, pageInfo, sorting } = list;
  const tableBox = useRef<HTMLDivElement>(null);
  const showsTable = !isPhone && !(query.isError && !query.data);
  useKeyboardScroll(tableBox, label, showsTable);

  const tableColumns: TableColumnsType<T> = columns.map((column) => ({
    key: column.key,
    title: column.title,
    align: column.align,
    render: (_: unknown, item: T) => column.render(item),
    sorter: column.sortable,
    sortOrder: column.sortable && sorting?.sort === column.key ? antdOrder[sorting.order] : null,
  }));

  const onSort = (sorter: SorterResult<T> | SorterResult<T>[]) => {
    const chosen = Array.isArray(sorter) ? sorter[0] : sorter;
    const order = chosen?.order === 'ascend' ? 'asc' : chosen?.order === 'descend' ? 'desc' : undefined;
    list.setSorting(order && chosen?.columnKey ? { sort: String(chosen.columnKey), order } : undefined);
  };

  let body: ReactNode;
  if (query.isError && !query.data)
    body = (
      <Result
        status="error"
        title={loadFailed}
        extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  else if (!isPhone)
    body = (
      <div ref={tableBox}>
        <Table<T>
          aria-label={label}
          rowKey={rowKey}
          columns={tableColumns}
          dataSource={items}
          loading={query.isFetching}
          pagination={false}
          onChange={(_pagination, _filters, sorter) => onSort(sorter)}
          rowSelection={
            selection && {
              selectedRowKeys: selection.keys,
              onChange: (keys) => selection.onChange(keys.map(String)),
              preserveSelectedRowKeys: true,
              columnTitle: (checkbox) => <HeaderCheckbox>{checkbox}</HeaderCheckbox>,
            }
          }
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} /> }}
        />
      </div>
    );
  else if (query.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (items.length === 0) body = <Empty description={t('common.noData')} />;
  else
    body = (
      <ListCards label={label} busy={query.isFetching} items={items} rowKey={rowKey} columns={columns} card={card} />
    );

  return (
    <Card>
      {(search || filters) && (
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          {search && (
            <SearchBox
              label={search.label}
              placeholder={search.placeholder}
              value={list.search}
              onChange={list.setSearch}
            />
          )}
          {filters}
        </Flex>
      )}
      {toolbar}
      {body}
      {pageInfo && pageInfo.total > 0 && (
        <Flex justify="flex-end" style={{ marginTop: 16 }}>
          <Pagination
            current={list.page}
            pageSize={list.size}
            total={pageInfo.total}
            simple={isPhone}
            showSizeChanger={!isPhone}
            pageSizeOptions={PAGE_SIZES}
            showTotal={isPhone ? undefined : (total) => t('common.total', { count: total })}
            onChange={list.onPage}
          />
        </Flex>
      )}
    </Card>
  );
}
