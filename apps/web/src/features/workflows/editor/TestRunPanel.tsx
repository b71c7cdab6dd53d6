import type { WorkflowEdge, WorkflowNode } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteSelect } from '../../../ui/RemoteSelect.tsx';
import { StepList } from '../runs/StepList.tsx';
import { stepStatuses } from '../runs/step-statuses.ts';
import { useTestRun } from '../workflows-api.ts';
import { listCustomerConversations, searchCustomers } from './options-api.ts';

interface TestRunPanelProps {
  workflowId: string;
  graph: { nodes: WorkflowNode[]; edges: WorkflowEdge[] };
  onSteps: (statuses: Map<string, string>) => void;
}

/** A test run of the canvas as it is now, on a chosen customer: sending steps are shown, not sent. */
export function TestRunPanel({ workflowId, graph, onSteps }: TestRunPanelProps) {
  const { t } = useTranslation();
  const [customerId, setCustomerId] = useState<string | undefined>();
  const [conversationId, setConversationId] = useState<string | undefined>();
  const [messageText, setMessageText] = useState('');
  const test = useTestRun(workflowId);
  const conversations = useQuery({
    queryKey: ['workflows', 'test-conversations', customerId],
    queryFn: () => listCustomerConversations(customerId ?? ''),
    enabled: Boolean(customerId),
  });

  const run = async () => {
    const result = await test.mutateAsync({
      customer_id: customerId!,
      conversation_id: conversationId ?? null,
      ...(messageText ? { message_text: messageText } : {}),
      draft: graph,
    });
    onSteps(stepStatuses(result.steps, graph.nodes));
  };

  return (
    <Card size="small" title={t('workflows.test.title')}>
      <Flex vertical gap={8}>
        <label htmlFor="test-customer">{t('workflows.test.customer')}</label>
        <RemoteSelect id="test-customer" value={customerId} onChange={setCustomerId} search={searchCustomers} />
        <label htmlFor="test-conversation">{t('workflows.test.conversation')}</label>
        <Select
          id="test-conversation"
          allowClear
          disabled={!customerId}
          value={conversationId}
          onChange={setConversationId}
          options={(conversations.data ?? []).map((c) => ({
            value: c.id,
            label: `${c.channel_type} · ${c.status} · ${c.id.slice(0, 8)}`,
          }))}
        />
        <label htmlFor="test-message">{t('workflows.test.message')}</label>
        <Input id="test-message" value={messageText} onChange={(event) => setMessageText(event.target.value)} />
        <Button
          type="primary"
          disabled={!customerId}
          loading={test.isPending}
          onClick={() => void run().catch(() => undefined)}
        >
          {t('workflows.test.run')}
        </Button>
        {test.isError && <Alert type="error" showIcon message={test.error.message} />}
        {test.data && (
          <>
            <Alert type="info" showIcon message={t('workflows.test.notSent')} />
            <StepList steps={test.data.steps} />
          </>
        )}
      </Flex>
    </Card>
  );
}
