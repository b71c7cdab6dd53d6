import {
  Background,
  Controls,
  type Edge,
  type OnConnect,
  type OnEdgesChange,
  type OnNodesChange,
  ReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useTranslation } from 'react-i18next';
import type { StepFlowNode } from './graph.ts';
import { StepNode } from './StepNode.tsx';

const NODE_TYPES = { step: StepNode };

interface WorkflowCanvasProps {
  nodes: StepFlowNode[];
  edges: Edge[];
  onNodesChange?: OnNodesChange<StepFlowNode>;
  onEdgesChange?: OnEdgesChange;
  onConnect?: OnConnect;
  onSelect?: (id: string | null) => void;
  /** a run's graph: nothing moves or changes */
  readOnly?: boolean;
}

/** The workflow's graph drawn with React Flow: zoom, fit, pan; in the editor also move, connect and delete. */
export function WorkflowCanvas({
  nodes,
  edges,
  onNodesChange,
  onEdgesChange,
  onConnect,
  onSelect,
  readOnly,
}: WorkflowCanvasProps) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('workflows.editor.canvas')} style={{ height: '100%', minHeight: 420 }}>
      <ReactFlow<StepFlowNode>
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        onSelectionChange={({ nodes: chosen }) => onSelect?.(chosen[0]?.id ?? null)}
        nodesDraggable={!readOnly}
        nodesConnectable={!readOnly}
        elementsSelectable
        deleteKeyCode={readOnly ? null : ['Delete', 'Backspace']}
        fitView
        fitViewOptions={{ maxZoom: 1 }}
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </section>
  );
}
