import { CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RemoteSelect } from '../../../ui/RemoteSelect.tsx';
import { useManualRun } from '../workflows-api.ts';
import { searchCustomers } from './options-api.ts';

/** Runs a saved, switched-on workflow with a manual trigger for the customers chosen here. */
export function ManualRunPanel({ workflowId, active }: { workflowId: string; active: boolean }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<{ id: string; label: string }[]>([]);
  const run = useManualRun(workflowId);
  // the names of the customers the search showed, for the chosen ones' tags
  const names = useRef(new Map<string, string>());
  const search = async (term: string) => {
    const options = await searchCustomers(term);
    for (const option of options) names.current.set(option.value, option.label);
    return options;
  };
  const pick = (id: string) => {
    if (chosen.some((customer) => customer.id === id)) return;
    setChosen((current) => [...current, { id, label: names.current.get(id) ?? id.slice(0, 8) }]);
  };

  return (
    <Card size="small" title={t('workflows.manual.title')}>
      <Flex vertical gap={8}>
        {!active && <Alert type="info" showIcon message={t('workflows.manual.switchOn')} />}
        <label htmlFor="manual-customer">{t('workflows.manual.customers')}</label>
        <RemoteSelect id="manual-customer" value={undefined} onChange={pick} search={search} />
        <Flex wrap gap={4}>
          {chosen.map((customer) => (
            <Tag
              key={customer.id}
              closable
              closeIcon={<CloseOutlined aria-label={t('workflows.manual.remove', { name: customer.label })} />}
              onClose={() => setChosen((current) => current.filter((one) => one.id !== customer.id))}
            >
              {customer.label}
            </Tag>
          ))}
        </Flex>
        <Button
          type="primary"
          disabled={!active || chosen.length === 0}
          loading={run.isPending}
          onClick={() =>
            run.mutate({ customer_ids: chosen.map((customer) => customer.id) }, { onSuccess: () => setChosen([]) })
          }
        >
          {t('workflows.manual.run', { count: chosen.length })}
        </Button>
        {run.data && (
          <Alert
            type="success"
            showIcon
            message={t('workflows.manual.started', { count: run.data.execution_ids.length })}
            action={<Link to="/app/workflow?tab=history">{t('workflows.tabs.history')}</Link>}
          />
        )}
        {run.error && <Alert type="error" showIcon message={run.error.message} role="alert" />}
      </Flex>
    </Card>
  );
}
