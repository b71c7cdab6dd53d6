import { type AdminBillingOrganization, walletAdjustmentBodySchema } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Descriptions, Divider, Drawer, Form, Input, Radio, Select, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/toast/toast-store.ts';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { DollarInput } from '../../ui/DollarInput.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import {
  adjustWallet,
  billingKeys,
  day,
  dollars,
  extendTrial,
  grantPlan,
  listPlans,
  organizationHistory,
} from './billing-api.ts';

interface DrawerProps {
  organization: AdminBillingOrganization | null;
  canWrite: boolean;
  /** the admin holds subscription_history_read */
  canReadHistory?: boolean;
  onClose: () => void;
  /** the organization as the server answered after a change */
  onChanged: (organization: AdminBillingOrganization) => void;
}

interface Adjustment {
  direction: 'credit' | 'debit';
  amount: number;
  reason: string;
}

/** The end of the picked day, in unix seconds (a grant "until 31 May" lasts all of it). */
const endOfDay = (date: Dayjs) => Math.floor(date.endOf('day').valueOf() / 1000);
const failureOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Credit or debit the wallet with a reason, after a confirmation; one request id per adjustment (a retry of it moves money once). */
function AdjustWalletForm({
  organization,
  onChanged,
}: Pick<DrawerProps, 'onChanged'> & { organization: AdminBillingOrganization }) {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<Adjustment>();
  const [pending, setPending] = useState<Adjustment | null>(null);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const signed = (adjustment: Adjustment) =>
    adjustment.direction === 'debit' ? -adjustment.amount : adjustment.amount;
  return (
    <>
      <Form<Adjustment>
        form={form}
        layout="vertical"
        initialValues={{ direction: 'credit', amount: 0, reason: '' }}
        onFinish={(values) => setPending({ ...values, reason: values.reason.trim() })}
      >
        <Form.Item name="direction" label={t('billing.operator.direction')}>
          <Radio.Group
            options={[
              { value: 'credit', label: t('billing.operator.credit') },
              { value: 'debit', label: t('billing.operator.debit') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('billing.operator.amount')}
          required
          rules={[
            {
              validator: async (_, cents: number) => {
                if (!(cents > 0)) throw new Error(t('billing.operator.amountRequired'));
              },
            },
          ]}
        >
          <DollarInput aria-label={t('billing.operator.amount')} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('billing.operator.reason')}
          required
          rules={rules.zod(walletAdjustmentBodySchema.shape.reason)}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('billing.operator.apply')}
        </Button>
      </Form>
      <DeleteDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={t('billing.operator.adjustTitle')}
        message={
          pending &&
          t(pending.direction === 'credit' ? 'billing.operator.creditMessage' : 'billing.operator.debitMessage', {
            amount: dollars(pending.amount),
            name: organization.name,
            reason: pending.reason,
          })
        }
        confirmText={t('billing.operator.apply')}
        successMessage={t('billing.operator.adjusted')}
        onConfirm={async () => {
          if (!pending) return;
          const updated = await adjustWallet(organization.id, {
            amount_cents: signed(pending),
            reason: pending.reason,
            request_id: requestId,
          });
          setRequestId(crypto.randomUUID());
          form.resetFields();
          onChanged(updated);
        }}
      />
    </>
  );
}

/** Grant a plan without payment until a day. */
function GrantPlanForm({
  organization,
  onChanged,
}: Pick<DrawerProps, 'onChanged'> & { organization: AdminBillingOrganization }) {
  const { t } = useTranslation();
  const plans = useQuery({ queryKey: billingKeys.adminPlans, queryFn: listPlans });
  const [busy, setBusy] = useState(false);
  return (
    <Form<{ plan_tag: string; until: Dayjs }>
      layout="vertical"
      onFinish={async (values) => {
        setBusy(true);
        try {
          onChanged(await grantPlan(organization.id, { plan_tag: values.plan_tag, until: endOfDay(values.until) }));
          toast.success(t('billing.operator.granted'));
        } catch (error) {
          toast.error(failureOf(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Typography.Paragraph type="secondary">{t('billing.operator.grantPlanHint')}</Typography.Paragraph>
      <Form.Item
        name="plan_tag"
        label={t('billing.plan')}
        rules={[{ required: true, message: t('billing.operator.planRequired') }]}
      >
        <Select
          aria-label={t('billing.plan')}
          loading={plans.isPending}
          options={(plans.data ?? []).map((plan) => ({ value: plan.tag, label: `${plan.name} (${plan.tag})` }))}
        />
      </Form.Item>
      <Form.Item
        name="until"
        label={t('billing.operator.until')}
        rules={[{ required: true, message: t('billing.operator.dateRequired') }]}
      >
        <DatePicker
          aria-label={t('billing.operator.until')}
          disabledDate={(date) => date.endOf('day').isBefore(new Date())}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('billing.operator.grant')}
      </Button>
    </Form>
  );
}

/** Move the trial's end to a later day. */
function ExtendTrialForm({
  organization,
  onChanged,
}: Pick<DrawerProps, 'onChanged'> & { organization: AdminBillingOrganization }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Form<{ trial_end: Dayjs }>
      layout="vertical"
      onFinish={async (values) => {
        setBusy(true);
        try {
          onChanged(await extendTrial(organization.id, endOfDay(values.trial_end)));
          toast.success(t('billing.operator.trialExtended'));
        } catch (error) {
          toast.error(failureOf(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form.Item
        name="trial_end"
        label={t('billing.trialEnd')}
        rules={[{ required: true, message: t('billing.operator.dateRequired') }]}
      >
        <DatePicker
          aria-label={t('billing.trialEnd')}
          disabledDate={(date) => date.endOf('day').isBefore(new Date())}
        />
      </Form.Item>
      <Button htmlType="submit" loading={busy}>
        {t('billing.operator.extend')}
      </Button>
    </Form>
  );
}

/** The organization's subscription events, newest first: operators' actions and Stripe's. */
function HistoryList({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: ['admin-billing-history', organizationId],
    queryFn: () => organizationHistory(organizationId),
  });
  return (
    <Table
      size="small"
      rowKey={(entry) => `${entry.at}-${entry.kind}`}
      loading={history.isPending}
      dataSource={history.data ?? []}
      pagination={false}
      columns={[
        { title: t('billing.history.date'), render: (_, entry) => day(entry.at) },
        {
          title: t('billing.history.what'),
          render: (_, entry) => t(`billing.history.kinds.${entry.kind.replaceAll('.', '_')}`, entry.kind),
        },
        { title: t('billing.plan'), render: (_, entry) => entry.plan_tag ?? '-' },
        {
          title: t('billing.history.amount'),
          render: (_, entry) => (entry.amount_cents === null ? '-' : dollars(entry.amount_cents)),
        },
      ]}
    />
  );
}

/** An organization's billing: what it has, and (with _write) the operator's actions on it. */
export function OrganizationBillingDrawer({
  organization,
  canWrite,
  canReadHistory = false,
  onClose,
  onChanged,
}: DrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={organization !== null}
      onClose={onClose}
      title={organization?.name}
      size="min(560px, 100vw)"
      destroyOnHidden
    >
      {organization && (
        <>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('billing.plan')}>{organization.plan_name ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('billing.status')}>
              {t(`billing.statuses.${organization.status}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.periodEnd')}>{day(organization.period_end)}</Descriptions.Item>
            <Descriptions.Item label={t('billing.trialEnd')}>{day(organization.trial_end)}</Descriptions.Item>
            <Descriptions.Item label={t('billing.operator.balance')}>
              {dollars(organization.balance_cents)}
            </Descriptions.Item>
          </Descriptions>
          {canWrite && (
            <>
              <Divider titlePlacement="start">{t('billing.operator.adjustWallet')}</Divider>
              <AdjustWalletForm organization={organization} onChanged={onChanged} />
              <Divider titlePlacement="start">{t('billing.operator.grantPlan')}</Divider>
              <GrantPlanForm organization={organization} onChanged={onChanged} />
              <Divider titlePlacement="start">{t('billing.operator.extendTrial')}</Divider>
              <ExtendTrialForm organization={organization} onChanged={onChanged} />
            </>
          )}
          {canReadHistory && (
            <>
              <Divider titlePlacement="start">{t('billing.history.title')}</Divider>
              <HistoryList organizationId={organization.id} />
            </>
          )}
        </>
      )}
    </Drawer>
  );
}
