import { type Customer, customerHistoryEndpoints, type UpdateCustomerBody } from '@omnichat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, Modal, Radio, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../app/http/index.ts';
import { toast } from '../../app/toast/toast-store.ts';
import { customerKeys } from './customers-api.ts';
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

/**
 * Merge two customers: which one stays, and for each field that differs, whose value it keeps (the staying
 * one's by default, the other's where it has none). Tags, notes, custom fields and history are combined.
 */
export function MergeDialog({ pair, onClose }: { pair: [Customer, Customer] | null; onClose: () => void }) {
  const { t } = useTranslation(CUSTOMERS_NS);
  const queryClient = useQueryClient();
  const [keep, setKeep] = useState(0);
  const [choices, setChoices] = useState<Partial<Record<Chosen, 0 | 1>>>({});
  const merge = useMutation({
    mutationFn: ({ id, body }: { id: string; body: { other_id: string; values: UpdateCustomerBody } }) =>
      http.call(customerHistoryEndpoints.merge, { params: { id }, body }),
    onSuccess: async () => {
      toast.success(t('merge.done'));
      await queryClient.invalidateQueries({ queryKey: customerKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['customer-duplicates'] });
      onClose();
    },
  });
  if (!pair) return null;
  const survivor = pair[keep]!;
  const other = pair[1 - keep]!;
  const differing = CHOSEN.filter((field) => text(pair[0][field]) !== text(pair[1][field]));
  const source = (field: Chosen): 0 | 1 =>
    choices[field] ?? (survivor[field] === null || survivor[field] === '' ? ((1 - keep) as 0 | 1) : (keep as 0 | 1));

  const submit = () => {
    const values: Record<string, string | null> = {};
    for (const field of differing) {
      const from = pair[source(field)]![field];
      // names cannot be empty: a name the other has not is never chosen over one the survivor has
      if (from !== survivor[field] && (from !== null || !field.endsWith('_name'))) values[field] = from;
    }
    merge.mutate({ id: survivor.id, body: { other_id: other.id, values: values as UpdateCustomerBody } });
  };

  return (
    <Modal
      open
      onCancel={onClose}
      title={t('merge.title')}
      okText={t('merge.confirm')}
      onOk={submit}
      okButtonProps={{ loading: merge.isPending, danger: true }}
      cancelText={t('common.cancel', { ns: 'translation' })}
      width={680}
    >
      <Flex vertical gap={12}>
        <Typography.Text>{t('merge.keep')}</Typography.Text>
        <Radio.Group
          value={keep}
          onChange={(event) => {
            setKeep(event.target.value);
            setChoices({});
          }}
          options={pair.map((customer, index) => ({ value: index, label: customer.display_name }))}
        />
        <Alert type="warning" showIcon title={t('merge.warning', { name: other.display_name })} />
        {differing.length > 0 && (
          <Table
            size="small"
            rowKey="field"
            pagination={false}
            dataSource={differing.map((field) => ({ field }))}
            columns={[
              { key: 'field', title: t('merge.field'), render: (_, row) => t(`fields.${row.field}`) },
              ...pair.map((customer, index) => ({
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
