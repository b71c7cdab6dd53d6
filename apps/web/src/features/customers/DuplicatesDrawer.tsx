import { type Customer, customerHistoryEndpoints } from '@omnichat/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Drawer, Empty, Flex, Pagination, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../app/http/index.ts';
import { useSession } from '../../app/session/use-session.ts';
import { QueryView } from '../../ui/QueryView.tsx';
import { CUSTOMERS_NS } from './i18n/index.ts';
import { MergeDialog } from './MergeDialog.tsx';

const PAGE = 10;

const line = (customer: Customer) =>
  [customer.phone, customer.whatsapp_id, customer.email, customer.company].filter(Boolean).join(' · ');

/** Likely duplicates, ten at a time, each pair with the reason and a merge. */
export function DuplicatesDrawer({
  open,
  onClose,
  canMerge,
}: {
  open: boolean;
  onClose: () => void;
  canMerge: boolean;
}) {
  const { t } = useTranslation(CUSTOMERS_NS);
  const { workspaceId } = useSession();
  const [page, setPage] = useState(1);
  const [merging, setMerging] = useState<[Customer, Customer] | null>(null);
  const pairs = useQuery({
    queryKey: ['customer-duplicates', workspaceId, page],
    enabled: open,
    placeholderData: keepPreviousData,
    queryFn: () => http.callEnvelope(customerHistoryEndpoints.duplicates, { query: { page, size: PAGE } }),
  });
  return (
    <Drawer open={open} onClose={onClose} title={t('duplicates')} size="min(560px, 100vw)">
      <QueryView query={pairs} rows={4}>
        {({ data, page: info }) =>
          data.length === 0 ? (
            <Empty description={t('merge.none')} />
          ) : (
            <Flex vertical gap={12}>
              {data.map((pair) => (
                <Card key={`${pair.customers[0].id}-${pair.customers[1].id}`} size="small">
                  <Flex justify="space-between" align="flex-start" gap={8} wrap>
                    <Flex vertical>
                      <Tag style={{ alignSelf: 'flex-start' }}>{t(`merge.reasons.${pair.reason}`)}</Tag>
                      {pair.customers.map((customer) => (
                        <Typography.Text key={customer.id}>
                          <strong>{customer.display_name}</strong>{' '}
                          <Typography.Text type="secondary">{line(customer)}</Typography.Text>
                        </Typography.Text>
                      ))}
                    </Flex>
                    {canMerge && <Button onClick={() => setMerging(pair.customers)}>{t('merge.action')}</Button>}
                  </Flex>
                </Card>
              ))}
              {info && info.total > PAGE && (
                <Pagination simple current={page} pageSize={PAGE} total={info.total} onChange={setPage} />
              )}
            </Flex>
          )
        }
      </QueryView>
      <MergeDialog key={merging?.map((c) => c.id).join()} pair={merging} onClose={() => setMerging(null)} />
    </Drawer>
  );
}
