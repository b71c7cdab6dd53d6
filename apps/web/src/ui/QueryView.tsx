import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  /** the skeleton's shape while loading */
  rows?: number;
  avatar?: boolean;
  /** the failure's title (default "could not load"); a retry button asks again */
  failed?: string;
  children: (data: T) => ReactNode;
}

/** What one query shows: a skeleton while it loads, the failure with a retry, then its data. */
export function QueryView<T>({ query, rows = 4, avatar, failed, children }: QueryViewProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton active avatar={avatar} paragraph={{ rows }} />;
  if (query.isError)
    return (
      <Result
        status="warning"
        title={failed ?? t('common.loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  return children(query.data);
}
