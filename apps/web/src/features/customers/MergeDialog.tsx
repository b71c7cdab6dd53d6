import type { Customer, UpdateCustomerBody } from '@omnichat/contracts';
import { Alert, Flex, Modal, Radio, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/toast/toast-store.ts';
import { useMergeCustomers } from './customers-api.ts';
import { CUSTOMERS_NS } from './i18n/index.ts';

/** Fields whose surviving value a merge lets one choose. */
const CHOSEN = [
  'first_name',
  'last_name',
  'display_name',
  'company',
  'email',
  'phone',
  'whatsapp_id',
  'facebook_id',
  'instagram_id',
  'city',
  'country',
] as const;
type Chosen = (typeof CHOSEN)[number];

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));
/** A customer's name and what tells them apart from others of that name. */
const nameAndMore = (customer: Customer) =>
  [customer.display_name, customer.email ?? customer.phone ?? customer.company ?? null].filter(Boolean).join(' · ');
const blank = (value: unknown) => value === null || value === undefined || value === '';

/**
 * Merge two or more customers: which one stays, and for each field that differs, whose value it keeps (the staying
 * one's by default, else the first other one's that has one, as the server fills it). The others are merged into the
 * one that stays, one after another in one request; tags, notes, custom fields and history are combined.
 */
export function MergeDialog({
  customers,
  onClose,
  onMerged,
}: {
  customers: Customer[] | null;
  onClose: () => void;
  onMerged?: () => void;
}) {
  const { t } = useTranslation(CUSTOMERS_NS);
  const [keep, setKeep] = useState(0);
  const [choices, setChoices] = useState<Partial<Record<Chosen, number>>>({});
  const merge = useMergeCustomers();
  if (!customers || customers.length < 2) return null;
  const survivor = customers[keep]!;
  const others = customers.filter((_, index) => index !== keep);
  const differing = CHOSEN.filter((field) => new Set(customers.map((customer) => text(customer[field]))).size > 1);
  const source = (field: Chosen): number => {
    const chosen = choices[field];
    if (chosen !== undefined) return chosen;
    if (!blank(survivor[field])) return keep;
    const filler = customers.findIndex((customer, index) => index !== keep && !blank(customer[field]));
    return filler === -1 ? keep : filler;
  };

  const submit = () => {
    const values: Record<string, string | null> = {};
    for (const field of differing) {
      const from = customers[source(field)]![field];
      // names cannot be empty: a name the other has not is never chosen over one the survivor has
      if (from !== survivor[field] && (from !== null || !field.endsWith('_name'))) values[field] = from;
    }
    merge.mutate(
      { survivorId: survivor.id, others: others.map((other) => other.id), values: values as UpdateCustomerBody },
      {
        onSuccess: () => {
          toast.success(t('merge.done'));
          onMerged?.();
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      onCancel={onClose}
      title={customers.length === 2 ? t('merge.title') : t('merge.titleMany', { count: customers.length })}
      okText={t('merge.confirm')}
      onOk={submit}
      okButtonProps={{ loading: merge.isPending, danger: true }}
      cancelText={t('common.cancel', { ns: 'translation' })}
      width={Math.min(280 + customers.length * 200, 1100)}
    >
      <Flex vertical gap={12}>
        <Typography.Text id="merge-keep">{t('merge.keep')}</Typography.Text>
        <Radio.Group
          aria-labelledby="merge-keep"
          value={keep}
          onChange={(event) => {
            setKeep(event.target.value);
            setChoices({});
          }}
          options={customers.map((customer, index) => ({ value: index, label: nameAndMore(customer) }))}
        />
        <Alert
          type="warning"
          showIcon
          title={
            others.length === 1
              ? t('merge.warning', { name: others[0]!.display_name })
              : t('merge.warningMany', { count: others.length, name: survivor.display_name })
          }
        />
        {differing.length > 0 && (
          <Table
            size="small"
            rowKey="field"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={differing.map((field) => ({ field }))}
            columns={[
              { key: 'field', title: t('merge.field'), render: (_, row) => t(`fields.${row.field}`) },
              ...customers.map((customer, index) => ({
                key: customer.id,
                title: customer.display_name,
                render: (_: unknown, row: { field: Chosen }) => (
                  <Radio
                    checked={source(row.field) === index}
                    onChange={() => setChoices({ ...choices, [row.field]: index })}
                    aria-label={`${t(`fields.${row.field}`)}: ${text(customer[row.field])}`}
                  >
                    {text(customer[row.field])}
                  </Radio>
                ),
              })),
            ]}
          />
        )}
      </Flex>
    </Modal>
  );
}
