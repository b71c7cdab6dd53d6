import { type Customer, customerHistoryEndpoints, type DuplicatePair } from '@omnichat/contracts';
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

/** Why a pair is suggested, in a sentence naming what they share. */
function useWhy() {
  const { t } = useTranslation(CUSTOMERS_NS);
  return (pair: DuplicatePair) => {
    const [first, second] = pair.customers;
    switch (pair.reason) {
      case 'phone_whatsapp':
        return t('merge.why.phone_whatsapp', { number: first.phone ?? second.phone ?? '' });
      case 'name_company':
        return t('merge.why.name_company', { company: first.company ?? second.company ?? '' });
      default:
        return t('merge.why.same_name', { name: first.display_name, count: pair.group_size });
    }
  };
}

/** Likely duplicates, ten at a time, each pair with why it is suggested and a merge. */
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
  const why = useWhy();
  const { workspaceId } = useSession();
  const [page, setPage] = useState(1);
  const [merging, setMerging] = useState<Customer[] | null>(null);
  const pairs = useQuery({
    queryKey: ['customer-duplicates', workspaceId, page],
    enabled: open,
    placeholderData: keepPreviousData,
    queryFn: () => http.callEnvelope(customerHistoryEndpoints.duplicates, { query: { page, size: PAGE } }),
  });
  return (
    <Drawer open={open} onClose={onClose} title={t('duplicates')} size="min(560px, 100vw)">
      <Typography.Paragraph type="secondary">{t('merge.rules')}</Typography.Paragraph>
      <QueryView query={pairs} rows={4}>
        {({ data, page: info }) =>
          data.length === 0 ? (
            <Empty description={t('merge.none')} />
          ) : (
            <Flex vertical gap={12}>
              {data.map((pair) => (
                <Card key={`${pair.customers[0].id}-${pair.customers[1].id}`} size="small">
                  <Flex justify="space-between" align="flex-start" gap={8} wrap>
                    <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
                      <Tag style={{ alignSelf: 'flex-start' }}>{t(`merge.reasons.${pair.reason}`)}</Tag>
                      <Typography.Text type="secondary">{why(pair)}</Typography.Text>
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
      <MergeDialog key={merging?.map((c) => c.id).join()} customers={merging} onClose={() => setMerging(null)} />
    </Drawer>
  );
}
