import { DeleteOutlined } from '@ant-design/icons';
import { isTriggerType, type Workflow } from '@omnichat/contracts';
import { Alert, Button, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { typeLabelKey } from '../node-types.ts';
import type { StepFlowNode } from './graph.ts';
import { StepSettings } from './settings/StepSettings.tsx';
import { TriggerSettings } from './settings/TriggerSettings.tsx';

interface NodePanelProps {
  node: StepFlowNode;
  problems: string[];
  nodeIds: string[];
  webhook?: Workflow['webhook'];
  onChange: (data: Record<string, unknown>) => void;
  onDelete: () => void;
  readOnly?: boolean;
}

/** The selected node's settings, its problems, and a button that deletes it. */
export function NodePanel({ node, problems, nodeIds, webhook, onChange, onDelete, readOnly }: NodePanelProps) {
  const { t } = useTranslation();
  const { type, data } = node.data;
  const props = { type, data, onChange, nodeIds: nodeIds.filter((id) => id !== node.id), webhook };
  return (
    <Card
      size="small"
      title={t(typeLabelKey(type), { defaultValue: type })}
      extra={
        !readOnly && (
          <Button size="small" danger icon={<DeleteOutlined aria-hidden />} onClick={onDelete}>
            {t('workflows.editor.deleteStep')}
          </Button>
        )
      }
    >
      <Flex vertical gap={12}>
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            message={t('workflows.editor.stepProblems')}
            description={problems.join(' · ')}
          />
        )}
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
          {isTriggerType(type) ? <TriggerSettings {...props} /> : <StepSettings {...props} />}
        </fieldset>
      </Flex>
    </Card>
  );
}
