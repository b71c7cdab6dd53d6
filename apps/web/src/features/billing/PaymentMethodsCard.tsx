import { CreditCardOutlined, PlusOutlined } from '@ant-design/icons';
import type { PaymentMethod } from '@omnichat/contracts';
import { Button, Card, Empty, List, Space, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { QueryView } from '../../ui/QueryView.tsx';
import {
  removePaymentMethod,
  setDefaultPaymentMethod,
  usePaymentMethods,
  useRefreshPaymentMethods,
} from './billing-api.ts';

// Stripe.js and its Elements load when someone adds a card, not with the settings page
const AddCardDialog = lazy(async () => ({ default: (await import('./AddCardDialog.tsx')).AddCardDialog }));

/** The organization's cards: brand, last 4, expiry, the default; set the default, remove, add with Stripe. */
export function PaymentMethodsCard() {
  const { t } = useTranslation();
  const methods = usePaymentMethods();
  const refresh = useRefreshPaymentMethods();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const label = (method: PaymentMethod) =>
    t('billing.cardLabel', {
      brand: method.brand.toUpperCase(),
      last4: method.last4,
      expiry: `${String(method.exp_month).padStart(2, '0')}/${method.exp_year}`,
    });
  return (
    <Card
      title={t('billing.paymentMethods')}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('billing.addCard')}
        </Button>
      }
    >
      <QueryView query={methods} rows={2} failed={t('billing.loadFailed')}>
        {(list) => (
          <List<PaymentMethod>
            dataSource={list}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.noCards')} /> }}
            renderItem={(method) => (
              <List.Item
                actions={[
                  !method.is_default && (
                    <Button
                      key="default"
                      size="small"
                      onClick={async () => {
                        await setDefaultPaymentMethod(method.id);
                        await refresh();
                      }}
                    >
                      {t('billing.makeDefault')}
                    </Button>
                  ),
                  <Button key="remove" size="small" danger onClick={() => setRemoving(method)}>
                    {t('billing.remove')}
                  </Button>,
                ].filter(Boolean)}
              >
                <Space wrap>
                  <CreditCardOutlined />
                  <span>{label(method)}</span>
                  {method.is_default && <Tag color="blue">{t('billing.default')}</Tag>}
                </Space>
              </List.Item>
            )}
          />
        )}
      </QueryView>
      <DeleteDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('billing.removeCardTitle')}
        message={removing ? t('billing.removeCardMessage', { card: label(removing) }) : null}
        confirmText={t('billing.remove')}
        onConfirm={async () => {
          if (!removing) return;
          await removePaymentMethod(removing.id);
          await refresh();
        }}
      />
      {adding && (
        <Suspense>
          <AddCardDialog
            onClose={() => setAdding(false)}
            onAdded={() => {
              setAdding(false);
              void refresh();
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
