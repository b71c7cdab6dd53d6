import type { WorkflowEdge, WorkflowNode } from '@omnichat/contracts';
import type { TFunction } from 'i18next';
import type { StartingPoint } from '../node-types.ts';

export interface WorkflowDraft {
  name: string;
  description: string;
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
  /** settings naming something deleted since the save */
  broken?: { node_id: string; field: string }[];
}

const at = (row: number, column = 0) => ({ x: 80 + column * 260, y: 40 + row * 140 });

/** A new workflow's graph: empty but for a trigger, or one of the ready-made starting points. */
export function startingDraft(point: StartingPoint, t: TFunction): WorkflowDraft {
  const name = point === 'blank' ? '' : t(`workflows.starters.${point}.name`);
  const description = point === 'blank' ? '' : t(`workflows.starters.${point}.description`);
  // the texts keep their variables: `{{customer.first_name}}` is given as itself
  const text = (key: string) =>
    t(`workflows.starters.${point}.${key}`, {
      customer: { first_name: '{{customer.first_name}}' },
      interpolation: { escapeValue: false },
    });
  switch (point) {
    case 'welcome':
      return {
        name,
        description,
        nodes: [
          { id: 'trigger', type: 'trigger.conversation_opened', data: {}, position: at(0) },
          { id: 'welcome', type: 'action.send_message', data: { text: text('message') }, position: at(1) },
        ],
        edges: [{ source: 'trigger', target: 'welcome' }],
      };
    case 'keyword_reply':
      return {
        name,
        description,
        nodes: [
          {
            id: 'trigger',
            type: 'trigger.message_received',
            data: { keywords: [text('keyword')] },
            position: at(0),
          },
          { id: 'reply', type: 'action.send_message', data: { text: text('message') }, position: at(1) },
        ],
        edges: [{ source: 'trigger', target: 'reply' }],
      };
    case 'vip':
      return {
        name,
        description,
        nodes: [
          { id: 'trigger', type: 'trigger.customer_tag_added', data: {}, position: at(0) },
          { id: 'assign', type: 'action.assign', data: {}, position: at(1) },
        ],
        edges: [{ source: 'trigger', target: 'assign' }],
      };
    case 'follow_up':
      return {
        name,
        description,
        nodes: [
          { id: 'trigger', type: 'trigger.message_received', data: {}, position: at(0) },
          { id: 'wait', type: 'action.wait_for_reply', data: { timeout_seconds: 86400 }, position: at(1) },
          { id: 'follow-up', type: 'action.send_message', data: { text: text('message') }, position: at(2, 1) },
        ],
        edges: [
          { source: 'trigger', target: 'wait' },
          { source: 'wait', target: 'follow-up', branch: 'no' },
        ],
      };
    default:
      return {
        name,
        description,
        nodes: [{ id: 'trigger', type: 'trigger.message_received', data: {}, position: at(0) }],
        edges: [],
      };
  }
}
