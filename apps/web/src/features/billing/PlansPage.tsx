import { PlusOutlined } from '@ant-design/icons';
import type { Plan } from '@omnichat/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useAdminAccess } from '../admin/index.ts';
import { billingKeys, deletePlan, dollars, listPlans } from './billing-api.ts';
import { PlanDrawer } from './PlanDrawer.tsx';
import './i18n/index.ts';

const limitText = (value: number | null, unlimited: string) => (value === null ? unlimited : String(value));

/** /admin/subscription-management/plans: the plans on sale (read: workspace_management_read, edit: _write). */
export function PlansPage() {
  const { t } = useTranslation();
  const canWrite = useAdminAccess().can('workspace_management_write');
  const client = useQueryClient();
  const plans = useQuery({ queryKey: billingKeys.adminPlans, queryFn: listPlans });
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const [removing, setRemoving] = useState<Plan | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: billingKeys.adminPlans });
  const unlimited = t('billing.unlimited');
  return (
    <>
      <PageHeader
        title={t('admin.plans')}
        extra={
          canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('billing.newPlan')}
            </Button>
          )
        }
      />
      <Card>
        {plans.isError ? (
          <Alert type="error" showIcon title={t('billing.loadFailed')} />
        ) : (
          <Table<Plan>
            rowKey="id"
            scroll={{ x: 960 }}
            loading={plans.isPending}
            dataSource={plans.data ?? []}
            pagination={false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.noPlans')} /> }}
            columns={[
              { key: 'tag', title: t('billing.tag'), dataIndex: 'tag' },
              { key: 'name', title: t('billing.name'), dataIndex: 'name' },
              {
                key: 'prices',
                title: t('billing.prices'),
                render: (_, plan) => (
                  <>
                    <div>
                      {t('billing.monthly')}: {dollars(plan.monthly_price_cents)}
                      {plan.discounted_monthly_price_cents !== null &&
                        ` → ${dollars(plan.discounted_monthly_price_cents)}`}
                    </div>
                    <div>
                      {t('billing.yearly')}: {dollars(plan.yearly_price_cents)}
                      {plan.discounted_yearly_price_cents !== null &&
                        ` → ${dollars(plan.discounted_yearly_price_cents)}`}
                    </div>
                  </>
                ),
              },
              {
                key: 'flags',
                title: t('billing.flags'),
                render: (_, plan) => (
                  <Space size={4} wrap>
                    {plan.popular && <Tag color="blue">{t('billing.popular')}</Tag>}
                    {plan.hidden && <Tag>{t('billing.hidden')}</Tag>}
                  </Space>
                ),
              },
              { key: 'subscribers', title: t('billing.subscribers'), dataIndex: 'subscriber_count', align: 'right' },
              {
                key: 'features',
                title: t('billing.features'),
                render: (_, plan) => (
                  <Space size={4} wrap>
                    {plan.features.map((feature) => (
                      <Tag key={feature}>{t(`billing.feature.${feature}`)}</Tag>
                    ))}
                    <span>
                      {t('billing.limitsSummary', {
                        members: limitText(plan.member_limit, unlimited),
                        channels: limitText(plan.channel_limit, unlimited),
                        agents: limitText(plan.ai_agent_limit, unlimited),
                      })}
                    </span>
                  </Space>
                ),
              },
              ...(canWrite
                ? [
                    {
                      key: 'actions',
                      title: '',
                      render: (_: unknown, plan: Plan) => (
                        <Space>
                          <Button
                            size="small"
                            onClick={() => setEditing(plan)}
                            aria-label={t('billing.editNamed', { name: plan.name })}
                          >
                            {t('billing.edit')}
                          </Button>
                          <Button
                            size="small"
                            danger
                            onClick={() => setRemoving(plan)}
                            aria-label={t('billing.deleteNamed', { name: plan.name })}
                          >
                            {t('billing.delete')}
                          </Button>
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Card>
      <PlanDrawer
        open={editing !== null}
        plan={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={async () => {
          setEditing(null);
          await refresh();
        }}
      />
      <DeleteDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('billing.deletePlanTitle')}
        message={
          removing &&
          (removing.subscriber_count > 0
            ? t('billing.deletePlanWithSubscribers', { name: removing.name, count: removing.subscriber_count })
            : t('billing.deletePlanMessage', { name: removing.name }))
        }
        onConfirm={async () => {
          if (!removing) return;
          try {
            await deletePlan(removing.id);
          } catch (error) {
            // the server keeps a plan with subscribers: say so, and what to do instead
            throw new Error(`${error instanceof Error ? error.message : ''} ${t('billing.hideInstead')}`.trim());
          }
          await refresh();
        }}
      />
    </>
  );
}
