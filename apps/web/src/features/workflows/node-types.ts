import {
  BRANCHING_NODE_TYPES,
  isTriggerType,
  WORKFLOW_ACTION_TYPES,
  WORKFLOW_TRIGGER_TYPES,
  type WorkflowNodeType,
} from '@omnichat/contracts';

/** How the palette groups the node types. */
export const PALETTE_GROUPS: { key: 'triggers' | 'actions' | 'logic'; types: readonly WorkflowNodeType[] }[] = [
  { key: 'triggers', types: WORKFLOW_TRIGGER_TYPES },
  {
    key: 'actions',
    types: WORKFLOW_ACTION_TYPES.filter((type) => type.startsWith('action.') && !type.startsWith('action.wait')),
  },
  { key: 'logic', types: ['condition', 'action.wait', 'action.wait_for_reply'] },
];

/** The data a node starts with when added from the palette. */
export function defaultNodeData(type: WorkflowNodeType): Record<string, unknown> {
  switch (type) {
    case 'trigger.schedule':
      return { cron: '0 9 * * *' };
    case 'action.send_message':
    case 'action.add_note':
      return { text: '' };
    case 'action.update_field':
      return { field: '', value: '' };
    case 'action.http_request':
      return { method: 'POST', url: '' };
    case 'action.wait':
      return { seconds: 3600 };
    case 'action.wait_for_reply':
      return { timeout_seconds: 86400 };
    case 'condition':
      return { field: 'message.text', operator: 'contains', value: '' };
    default:
      return {};
  }
}

export const isBranching = (type: string) => BRANCHING_NODE_TYPES.includes(type as WorkflowNodeType);

/** The i18n key of a node type's name: `workflows.types.trigger_message_received`. */
export const typeLabelKey = (type: string) => `workflows.types.${type.replace('.', '_')}`;

/** The colour family a node is drawn in. */
export const nodeKind = (type: string): 'trigger' | 'condition' | 'wait' | 'action' =>
  isTriggerType(type)
    ? 'trigger'
    : type === 'condition'
      ? 'condition'
      : type.startsWith('action.wait')
        ? 'wait'
        : 'action';

/** The ready-made workflows a new one may start from (their graphs: editor/starting-draft.ts). */
export const STARTING_POINTS = ['blank', 'welcome', 'keyword_reply', 'vip', 'follow_up'] as const;
export type StartingPoint = (typeof STARTING_POINTS)[number];
