import type { ExecutionStep } from '@omnichat/contracts';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { typeLabelKey } from '../node-types.ts';
import { STATUS_COLOURS, useDateTime } from '../parts.tsx';

const json = (value: unknown) => (
  <pre style={{ maxHeight: 240, overflow: 'auto', fontSize: 12, margin: 0, whiteSpace: 'pre-wrap' }}>
    {JSON.stringify(value, null, 2)}
  </pre>
);

/** A run's steps in the order they ran: status, timing, input, output, error and missing variables. */
export function StepList({ steps }: { steps: ExecutionStep[] }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  if (steps.length === 0) return <Typography.Text type="secondary">{t('workflows.run.noSteps')}</Typography.Text>;
  return (
    <Flex vertical gap={4}>
      {steps.map((step) => (
        <details
          key={`${step.node_id}-${step.attempt}-${step.started_at}`}
          style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: 8 }}
        >
          <summary style={{ cursor: 'pointer' }}>
            <Flex gap={8} wrap align="center" style={{ display: 'inline-flex' }}>
              <Tag color={STATUS_COLOURS[step.status]}>{t(`workflows.statuses.${step.status}`)}</Tag>
              <span>{t(typeLabelKey(step.type), { defaultValue: step.type })}</span>
              <Typography.Text type="secondary">
                {step.node_id}
                {step.attempt > 1 ? ` · ${t('workflows.run.attempt', { attempt: step.attempt })}` : ''}
              </Typography.Text>
            </Flex>
          </summary>
          <Flex vertical gap={8} style={{ marginTop: 8 }}>
            <Typography.Text type="secondary">
              {dateTime(step.started_at)}
              {step.finished_at !== null &&
                ` → ${dateTime(step.finished_at)} (${step.finished_at - step.started_at} s)`}
            </Typography.Text>
            {step.error && <Typography.Text type="danger">{step.error}</Typography.Text>}
            {step.missing_variables && step.missing_variables.length > 0 && (
              <Typography.Text type="warning">
                {t('workflows.run.missingVariables', { names: step.missing_variables.join(', ') })}
              </Typography.Text>
            )}
            {step.input !== undefined && (
              <div>
                <strong>{t('workflows.run.input')}</strong>
                {json(step.input)}
              </div>
            )}
            {step.output !== undefined && (
              <div>
                <strong>{t('workflows.run.output')}</strong>
                {json(step.output)}
              </div>
            )}
          </Flex>
        </details>
      ))}
    </Flex>
  );
}
