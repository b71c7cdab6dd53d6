import { ArrowLeftOutlined } from '@ant-design/icons';
import { CUSTOMER_COLUMNS, type Customer, type CustomerColumn, type TimelineEntry } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Flex, Grid, Space, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { useMemberPermissions } from '../../app/queries.ts';
import { useSession } from '../../app/session/use-session.ts';
import { ColorTag } from '../../ui/ColorTag.tsx';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryView } from '../../ui/QueryView.tsx';
import { CustomerConversations } from '../chat/index.ts';
import { CustomerDrawer } from './CustomerDrawer.tsx';
import { customerKeys, getCustomer, getTimeline, useCustomerFields, useDeleteCustomer } from './customers-api.ts';
import { CUSTOMERS_NS } from './i18n/index.ts';

// the columns under the name: everything but the name's parts and the tags, then where the customer came from
const NAME_PARTS = ['salutation', 'first_name', 'last_name', 'display_name', 'tags'] as const;
type Detail = Exclude<CustomerColumn, (typeof NAME_PARTS)[number]> | 'source';
const DETAILS: Detail[] = [
  ...CUSTOMER_COLUMNS.filter(
    (key): key is Exclude<CustomerColumn, (typeof NAME_PARTS)[number]> =>
      !(NAME_PARTS as readonly string[]).includes(key),
  ),
  'source',
];

const shown = (value: unknown) => (Array.isArray(value) ? value.join(', ') : value === null ? '—' : String(value));

/** /app/relationship/customers/:id: the customer's details, tags, custom fields and history. */
export function CustomerPage() {
  const { t } = useTranslation(CUSTOMERS_NS);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { workspaceId, isAdmin } = useSession();
  const permissions = useMemberPermissions();
  const canWrite = isAdmin || (permissions.data ?? []).includes('customer_write');
  // conversations are listed to those who may read them, and started by those who may write them
  const canSeeConversations = isAdmin || (permissions.data ?? []).includes('conversation_read');
  const canStart = isAdmin || (permissions.data ?? []).includes('conversation_write');
  const customer = useQuery({ queryKey: customerKeys.detail(workspaceId, id), queryFn: () => getCustomer(id) });
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteCustomer();

  return (
    <>
      <Link to="/app/relationship/customers">
        <Button type="link" icon={<ArrowLeftOutlined aria-hidden />} style={{ paddingInline: 0 }}>
          {t('back')}
        </Button>
      </Link>
      <QueryView query={customer} rows={6} avatar failed={t('loadOneFailed')}>
        {(found) => (
          <>
            <PageHeader
              title={found.display_name}
              subtitle={found.company ?? undefined}
              extra={
                canWrite && (
                  <Space>
                    <Button onClick={() => setEditing(true)}>{t('edit')}</Button>
                    <Button danger onClick={() => setDeleting(true)}>
                      {t('delete')}
                    </Button>
                  </Space>
                )
              }
            />
            <CustomerDetails customer={found} />
            <CustomerTimeline id={found.id} />
            {canSeeConversations && <CustomerConversations customerId={found.id} canStart={canStart} />}
            <CustomerDrawer customer={editing ? found : null} onClose={() => setEditing(false)} />
            <DeleteDialog
              open={deleting}
              onClose={() => setDeleting(false)}
              title={t('deleteTitle', { name: found.display_name })}
              message={t('deleteText')}
              confirmText={t('delete')}
              onConfirm={async () => {
                await remove.mutateAsync(found.id);
                navigate('/app/relationship/customers', { replace: true });
              }}
            />
          </>
        )}
      </QueryView>
    </>
  );
}

function CustomerDetails({ customer }: { customer: Customer }) {
  const { t } = useTranslation(CUSTOMERS_NS);
  const { locale } = usePreferences();
  const { workspaceId } = useSession();
  const fields = useCustomerFields(workspaceId);
  const isPhone = Grid.useBreakpoint().md === false;
  const value = (key: Detail) => (key === 'source' ? t(`sources.${customer.source}`) : (customer[key] ?? '—'));
  return (
    <Card title={t('details')}>
      <Flex gap={4} wrap style={{ marginBottom: 16 }}>
        {customer.tags.map((tag) => (
          <ColorTag key={tag.id} color={tag.color}>
            {tag.name}
          </ColorTag>
        ))}
      </Flex>
      <Descriptions
        column={isPhone ? 1 : 2}
        items={[
          ...DETAILS.map((key) => ({ key, label: t(`fields.${key}`), children: value(key) })),
          {
            key: 'marketing_opt_out',
            label: t('fields.marketing_opt_out'),
            children: customer.marketing_opt_out
              ? t('optedOutSince', { date: dayjs.unix(customer.marketing_opt_out_at ?? 0).format('YYYY-MM-DD HH:mm') })
              : t('notOptedOut'),
          },
          ...(fields.data ?? []).map((field) => ({
            key: field.key,
            label: field.labels[locale] || field.label,
            children:
              typeof customer.custom_fields[field.key] === 'boolean'
                ? t(customer.custom_fields[field.key] ? 'yes' : 'no')
                : shown(customer.custom_fields[field.key] ?? null),
          })),
        ]}
      />
    </Card>
  );
}

function CustomerTimeline({ id }: { id: string }) {
  const { t } = useTranslation(CUSTOMERS_NS);
  const { workspaceId } = useSession();
  const history = useQuery({ queryKey: customerKeys.timeline(workspaceId, id), queryFn: () => getTimeline(id) });
  const describe = (entry: TimelineEntry) => {
    const fields = Object.keys(entry.changes)
      .map((key) => (key.startsWith('custom_fields.') ? key.slice(14) : t(`fields.${key}`)))
      .join(', ');
    return t(`timelineAction.${entry.action}`, { actor: entry.actor_name, fields, name: entry.merged_name });
  };
  return (
    <Card title={t('timeline')} style={{ marginTop: 16 }}>
      <QueryView query={history} rows={3}>
        {({ data }) =>
          data.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('timelineEmpty')} />
          ) : (
            <Timeline
              items={data.map((entry) => ({
                key: entry.id,
                content: (
                  <>
                    <Typography.Text>{describe(entry)}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary">
                      {dayjs.unix(entry.created_at).format('YYYY-MM-DD HH:mm')}
                    </Typography.Text>
                    {entry.action !== 'created' &&
                      Object.entries(entry.changes).map(([key, [before, after]]) => (
                        <div key={key}>
                          <Typography.Text type="secondary">
                            {key.startsWith('custom_fields.') ? key.slice(14) : t(`fields.${key}`)}: {shown(before)} →{' '}
                            {shown(after)}
                          </Typography.Text>
                        </div>
                      ))}
                  </>
                ),
              }))}
            />
          )
        }
      </QueryView>
    </Card>
  );
}
