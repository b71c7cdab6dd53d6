import type { AdminBillingOrganization } from '@omnichat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListView } from '../../ui/list/ListView.tsx';
import { useList } from '../../ui/list/use-list.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Text } from '../../ui/text.tsx';
import { useAdminAccess } from '../admin/index.ts';
import { billingKeys, day, dollars, listBillingOrganizations } from './billing-api.ts';
import { OrganizationBillingDrawer } from './OrganizationBillingDrawer.tsx';
import './i18n/index.ts';

/**
 * /admin/subscription-management/organizational-plan-management: every organization's plan and wallet, with a
 * drawer to adjust the wallet, grant a plan or extend a trial (read: workspace_management_read, act: _write).
 */
export function OrganizationsBillingPage() {
  const { t } = useTranslation();
  const access = useAdminAccess();
  const canWrite = access.can('workspace_management_write');
  const canReadHistory = access.can('subscription_history_read');
  const client = useQueryClient();
  const list = useList<AdminBillingOrganization, Record<string, never>>({
    queryKey: ({ page, size, keyword }) => [...billingKeys.organizations, { page, size, keyword }],
    fetchPage: listBillingOrganizations,
    filters: {},
  });
  const [open, setOpen] = useState<AdminBillingOrganization | null>(null);

  const columns: ListColumn<AdminBillingOrganization>[] = [
    {
      key: 'name',
      title: t('billing.operator.organization'),
      render: (organization) => <Text strong>{organization.name}</Text>,
    },
    {
      key: 'plan',
      title: t('billing.plan'),
      render: (organization) => (
        <>
          {organization.plan_name ?? '-'}
          {organization.comp && (
            <Tag color="gold" style={{ marginInlineStart: 8 }}>
              {t('billing.operator.comp')}
            </Tag>
          )}
        </>
      ),
    },
    {
      key: 'status',
      title: t('billing.status'),
      render: (organization) => t(`billing.statuses.${organization.status}`),
    },
    {
      key: 'cycle',
      title: t('billing.cycle'),
      render: (organization) => (organization.billing_cycle ? t(`billing.${organization.billing_cycle}`) : '-'),
    },
    { key: 'periodEnd', title: t('billing.periodEnd'), render: (organization) => day(organization.period_end) },
    {
      key: 'balance',
      title: t('billing.operator.balance'),
      align: 'end',
      render: (organization) => dollars(organization.balance_cents),
    },
    {
      key: 'actions',
      title: t('billing.operator.actions'),
      actions: true,
      render: (organization) => (
        <Button
          size="small"
          aria-label={t('billing.operator.manageNamed', { name: organization.name })}
          onClick={() => setOpen(organization)}
        >
          {t('billing.operator.manage')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('admin.organizationalPlanManagement')} subtitle={t('billing.operator.subtitle')} />
      <ListView<AdminBillingOrganization>
        list={list}
        label={t('admin.organizationalPlanManagement')}
        rowKey={(organization) => organization.id}
        columns={columns}
        search={{ label: t('billing.operator.search'), placeholder: t('billing.operator.searchPlaceholder') }}
        loadFailed={t('billing.loadFailed')}
      />
      <OrganizationBillingDrawer
        organization={open}
        canWrite={canWrite}
        canReadHistory={canReadHistory}
        onClose={() => setOpen(null)}
        onChanged={async (organization) => {
          setOpen(organization);
          await client.invalidateQueries({ queryKey: billingKeys.organizations });
        }}
      />
    </>
  );
}
