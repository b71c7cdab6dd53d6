import type { BillingCycle, PublicPlan, Subscription } from '@omnichat/contracts';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Modal,
  Row,
  Segmented,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentSubscription } from '../../app/queries.ts';
import { QueryView } from '../../ui/QueryView.tsx';
import {
  day,
  dollars,
  PAYMENT_METHOD_REQUIRED,
  useInvoices,
  usePublicPlans,
  useSubscriptionActions,
} from './billing-api.ts';
import { PaymentMethodsCard } from './PaymentMethodsCard.tsx';
import './i18n/index.ts';

const STATUS_COLOR: Record<Subscription['status'], string> = {
  not_subscribed: 'default',
  active: 'green',
  past_due: 'orange',
  cancelled: 'gold',
  expired: 'red',
};

/** The price of a plan for a cycle: the discounted one when there is one. */
export const priceOf = (plan: PublicPlan, cycle: BillingCycle) =>
  cycle === 'monthly'
    ? (plan.discounted_monthly_price_cents ?? plan.monthly_price_cents)
    : (plan.discounted_yearly_price_cents ?? plan.yearly_price_cents);

function CurrentPlan({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const actions = useSubscriptionActions();
  const plans = usePublicPlans();
  const [confirming, setConfirming] = useState(false);
  const { status } = subscription;
  // the scheduled plan by its name; a plan no longer on offer (hidden) only by its tag
  const nextPlan =
    subscription.next_plan_tag &&
    (plans.data?.find((plan) => plan.tag === subscription.next_plan_tag)?.name ?? subscription.next_plan_tag);
  const subscribed = status === 'active' || status === 'past_due' || status === 'cancelled';
  return (
    <Card title={t('billing.currentPlan')}>
      <Descriptions
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'plan', label: t('billing.plan'), children: subscription.plan_name ?? subscription.plan_tag ?? '-' },
          {
            key: 'status',
            label: t('billing.status'),
            children: (
              <Flex gap={8} wrap>
                <Tag color={STATUS_COLOR[status]}>{t(`billing.statuses.${status}`)}</Tag>
                {status === 'cancelled' && <span>{t('billing.accessUntil', { date: day(subscription.end) })}</span>}
              </Flex>
            ),
          },
          {
            key: 'cycle',
            label: t('billing.cycle'),
            children: subscription.billing_cycle ? t(`billing.${subscription.billing_cycle}`) : '-',
          },
          { key: 'end', label: t('billing.periodEnd'), children: day(subscription.end) },
          { key: 'next', label: t('billing.nextBilling'), children: day(subscription.next_billing_date) },
          ...(subscription.trial_end
            ? [{ key: 'trial', label: t('billing.trialEnd'), children: day(subscription.trial_end) }]
            : []),
          ...(subscription.paid_price_cents !== null
            ? [{ key: 'paid', label: t('billing.paidPrice'), children: dollars(subscription.paid_price_cents) }]
            : []),
        ]}
      />
      {status === 'past_due' && (
        <Alert style={{ marginTop: 16 }} type="warning" showIcon role="alert" title={t('billing.pastDue')} />
      )}
      {nextPlan && (
        <Alert
          style={{ marginTop: 16 }}
          type="info"
          showIcon
          title={t('billing.scheduled', { plan: nextPlan, date: day(subscription.end) })}
          action={
            <Button size="small" loading={actions.withdraw.isPending} onClick={() => actions.withdraw.mutate()}>
              {t('billing.withdraw')}
            </Button>
          }
        />
      )}
      <Flex gap={8} wrap style={{ marginTop: 16 }}>
        {subscribed && status !== 'cancelled' && (
          <Button danger onClick={() => setConfirming(true)}>
            {t('billing.cancelSubscription')}
          </Button>
        )}
        {status === 'cancelled' && (
          <Button type="primary" loading={actions.resume.isPending} onClick={() => actions.resume.mutate()}>
            {t('billing.resume')}
          </Button>
        )}
      </Flex>
      <Modal
        open={confirming}
        title={t('billing.cancelTitle')}
        okText={t('billing.cancelSubscription')}
        okButtonProps={{ danger: true, loading: actions.cancel.isPending }}
        cancelText={t('billing.keep')}
        destroyOnHidden
        onCancel={() => setConfirming(false)}
        onOk={async () => {
          await actions.cancel.mutateAsync();
          setConfirming(false);
        }}
      >
        {t('billing.cancelMessage', { date: day(subscription.end) })}
      </Modal>
    </Card>
  );
}

function PlanChoice({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const plans = usePublicPlans();
  const actions = useSubscriptionActions();
  const [cycle, setCycle] = useState<BillingCycle>(subscription.billing_cycle ?? 'monthly');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const choose = async (plan: PublicPlan) => {
    setAnswer(null);
    try {
      const next = await actions.change.mutateAsync({ plan_tag: plan.tag, billing_cycle: cycle });
      setAnswer({
        ok: true,
        text:
          next.next_plan_tag === plan.tag && next.plan_tag !== plan.tag
            ? t('billing.downgradeScheduled', { plan: plan.name, date: day(next.end) })
            : t('billing.changed', { plan: plan.name }),
      });
    } catch (error) {
      setAnswer({ ok: false, text: error instanceof Error ? error.message : String(error) });
    }
  };
  const live = subscription.status === 'active' || subscription.status === 'past_due';
  return (
    <Card
      title={t('billing.choosePlan')}
      extra={
        <Flex gap={8} align="center" wrap>
          <Segmented<BillingCycle>
            aria-label={t('billing.cycle')}
            value={cycle}
            onChange={setCycle}
            options={[
              { value: 'monthly', label: t('billing.monthly') },
              { value: 'yearly', label: t('billing.yearly') },
            ]}
          />
          <Tag color="green">{t('billing.saveTwoMonths')}</Tag>
        </Flex>
      }
    >
      <div aria-live="polite">
        {answer && (
          <Alert
            style={{ marginBottom: 16 }}
            type={answer.ok ? 'success' : 'error'}
            role={answer.ok ? 'status' : 'alert'}
            showIcon
            title={answer.text}
            description={answer.text === PAYMENT_METHOD_REQUIRED ? t('billing.addCardFirst') : null}
          />
        )}
      </div>
      <QueryView query={plans} rows={3} failed={t('billing.loadFailed')}>
        {(list) =>
          list.length === 0 ? (
            <Typography.Text type="secondary">{t('billing.noPlans')}</Typography.Text>
          ) : (
            <Row gutter={[16, 16]}>
              {list.map((plan) => {
                const current = live && plan.tag === subscription.plan_tag && cycle === subscription.billing_cycle;
                return (
                  <Col key={plan.id} xs={24} sm={12} lg={8}>
                    <Card
                      size="small"
                      title={plan.name}
                      extra={plan.popular && <Tag color="blue">{t('billing.popular')}</Tag>}
                    >
                      <Typography.Title level={4} style={{ marginTop: 0 }}>
                        {dollars(priceOf(plan, cycle))}
                        <Typography.Text type="secondary" style={{ fontSize: 14 }}>
                          {' '}
                          {cycle === 'monthly' ? t('billing.perMonth') : t('billing.perYear')}
                        </Typography.Text>
                      </Typography.Title>
                      <Button
                        block
                        type={current ? 'default' : 'primary'}
                        disabled={current || actions.change.isPending}
                        onClick={() => void choose(plan)}
                      >
                        {current ? t('billing.current') : t('billing.choose', { plan: plan.name })}
                      </Button>
                    </Card>
                  </Col>
                );
              })}
            </Row>
          )
        }
      </QueryView>
    </Card>
  );
}

function Invoices() {
  const { t } = useTranslation();
  const invoices = useInvoices();
  return (
    <Card title={t('billing.invoices')}>
      <Table
        rowKey="id"
        size="small"
        scroll={{ x: 520 }}
        loading={invoices.isPending}
        dataSource={invoices.data ?? []}
        pagination={false}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={invoices.isError ? t('billing.loadFailed') : t('billing.noInvoices')}
            />
          ),
        }}
        columns={[
          { key: 'date', title: t('billing.date'), render: (_, row) => day(row.created_at) },
          { key: 'number', title: t('billing.invoiceNumber'), render: (_, row) => row.number ?? row.id },
          { key: 'status', title: t('billing.status'), dataIndex: 'status' },
          {
            key: 'amount',
            title: t('billing.amount'),
            align: 'right',
            render: (_, row) => dollars(row.amount_paid_cents || row.amount_due_cents),
          },
          {
            key: 'link',
            title: '',
            render: (_, row) =>
              row.hosted_invoice_url && (
                <a href={row.hosted_invoice_url} target="_blank" rel="noreferrer">
                  {t('billing.viewInvoice')}
                </a>
              ),
          },
        ]}
      />
    </Card>
  );
}

/** The organization settings' billing tab (owner or admin): plan, status, changes, invoices, cards. */
export function SubscriptionTab() {
  const { t } = useTranslation();
  const subscription = useCurrentSubscription();
  return (
    <QueryView query={subscription} rows={4} failed={t('billing.loadFailed')}>
      {(current) => (
        <Flex vertical gap={16}>
          {!current.billing_enabled && <Alert type="info" showIcon title={t('billing.billingOff')} />}
          <CurrentPlan subscription={current} />
          <PlanChoice subscription={current} />
          <PaymentMethodsCard />
          <Invoices />
        </Flex>
      )}
    </QueryView>
  );
}
