import { Handle, type NodeProps, Position } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { isBranching, nodeKind, typeLabelKey } from '../node-types.ts';
import type { StepFlowNode } from './graph.ts';
import { useNodeSummary } from './node-summary.ts';

// dark enough for white text (4.5:1 and more)
const KIND_COLOURS = { trigger: '#722ed1', action: '#0958d9', condition: '#ad4e00', wait: '#006d75' };
/** A run's step status as the node's border: green succeeded, red failed, amber waiting, grey skipped. */
const STATUS_BORDERS: Record<string, string> = {
  succeeded: '#52c41a',
  failed: '#ff4d4f',
  waiting: '#faad14',
  running: '#1677ff',
  skipped: '#bfbfbf',
  unreached: '#d9d9d9',
};

/** One step on the canvas: its type, a line of its settings, its problems in red, and its handles. */
export function StepNode({ id, data, selected }: NodeProps<StepFlowNode>) {
  const { t } = useTranslation();
  const summary = useNodeSummary();
  const kind = nodeKind(data.type);
  const problems = data.problems ?? [];
  const border = problems.length ? '#ff4d4f' : data.status ? STATUS_BORDERS[data.status] : '#d9d9d9';
  return (
    <div
      data-node-id={id}
      data-status={data.status}
      data-invalid={problems.length ? 'true' : undefined}
      style={{
        width: 220,
        background: 'var(--ant-color-bg-container, #fff)',
        border: `2px solid ${border}`,
        borderRadius: 8,
        boxShadow: selected ? '0 0 0 3px rgba(22,119,255,0.35)' : undefined,
        opacity: data.status === 'unreached' ? 0.55 : 1,
        fontSize: 12,
      }}
    >
      {kind !== 'trigger' && <Handle type="target" position={Position.Top} />}
      <div style={{ padding: '4px 8px', color: '#fff', background: KIND_COLOURS[kind], borderRadius: '6px 6px 0 0' }}>
        {t(`workflows.kinds.${kind}`)}
      </div>
      <div style={{ padding: 8 }}>
        <strong>{t(typeLabelKey(data.type), { defaultValue: data.type })}</strong>
        <div style={{ color: '#8c8c8c', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {summary(data.type, data.data) || '\u00a0'}
        </div>
        {data.status && data.status !== 'unreached' && <div>{t(`workflows.statuses.${data.status}`)}</div>}
        {problems.map((problem) => (
          <div key={problem} style={{ color: '#ff4d4f' }}>
            {problem}
          </div>
        ))}
      </div>
      {isBranching(data.type) ? (
        <>
          <Handle type="source" id="yes" position={Position.Bottom} style={{ left: '25%', background: '#52c41a' }} />
          <Handle type="source" id="no" position={Position.Bottom} style={{ left: '75%', background: '#ff4d4f' }} />
          <div style={{ display: 'flex', justifyContent: 'space-around', paddingBottom: 2, color: '#8c8c8c' }}>
            <span>{t('workflows.yes')}</span>
            <span>{t('workflows.no')}</span>
          </div>
        </>
      ) : (
        <Handle type="source" position={Position.Bottom} />
      )}
    </div>
  );
}
