import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addPaymentMethod, createSetupIntent } from './billing-api.ts';

/** One Stripe.js per publishable key: loading it again would add another script and iframe set. */
const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key));
  return stripes.get(key) as Promise<Stripe | null>;
};

function CardForm({ onAdded, onCancel }: { onAdded: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    try {
      // card data goes from Stripe's iframe to Stripe only; we keep the payment method's id
      const result = await stripe.confirmSetup({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      });
      if (result.error) throw new Error(result.error.message ?? t('billing.cardFailed'));
      const method = result.setupIntent?.payment_method;
      const id = typeof method === 'string' ? method : method?.id;
      if (!id) throw new Error(t('billing.cardFailed'));
      await addPaymentMethod(id);
      onAdded();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('billing.cardFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical gap={16}>
      <PaymentElement />
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" loading={busy} disabled={!stripe} onClick={() => void save()}>
          {t('billing.saveCard')}
        </Button>
      </Flex>
    </Flex>
  );
}

/** "Add card": a SetupIntent confirmed by Stripe.js Elements (loaded only here), then kept by the server. */
export function AddCardDialog({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const intent = useQuery({ queryKey: ['setup-intent'], queryFn: createSetupIntent, gcTime: 0, retry: false });
  return (
    <Modal open title={t('billing.addCard')} onCancel={onClose} footer={null} destroyOnHidden>
      {intent.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
      {intent.isError && <Alert type="error" showIcon role="alert" title={intent.error.message} />}
      {intent.data && (
        <Elements stripe={stripeFor(intent.data.publishable_key)} options={{ clientSecret: intent.data.client_secret }}>
          <CardForm onCancel={onClose} onAdded={onAdded} />
        </Elements>
      )}
    </Modal>
  );
}
