import type { GraphProblem, WorkflowEdge, WorkflowNode } from '@omnichat/contracts';
import type { Edge, Node } from '@xyflow/react';

/** What a node on the canvas carries: its contract type and data, and what the canvas draws on it. */
export interface StepNodeData extends Record<string, unknown> {
  type: string;
  data: Record<string, unknown>;
  /** catalogue keys (or messages) of what is wrong with it */
  problems?: string[];
  /** a run's or a test run's status of this step */
  status?: string;
}
export type StepFlowNode = Node<StepNodeData, 'step'>;

export const toFlowNodes = (nodes: WorkflowNode[]): StepFlowNode[] =>
  nodes.map((node, index) => ({
    id: node.id,
    type: 'step',
    position: node.position ?? { x: 80, y: 40 + index * 140 },
    data: { type: node.type, data: node.data },
  }));

export const edgeId = (edge: WorkflowEdge) => `${edge.source}->${edge.target}${edge.branch ? `:${edge.branch}` : ''}`;

export const toFlowEdges = (edges: WorkflowEdge[]): Edge[] =>
  edges.map((edge) => ({
    id: edgeId(edge),
    source: edge.source,
    target: edge.target,
    sourceHandle: edge.branch ?? null,
    label: edge.branch,
  }));

/** The canvas back as the contract's graph, positions kept. */
export function fromFlow(nodes: StepFlowNode[], edges: Edge[]): { nodes: WorkflowNode[]; edges: WorkflowEdge[] } {
  return {
    nodes: nodes.map((node) => ({
      id: node.id,
      type: node.data.type,
      data: node.data.data,
      position: { x: Math.round(node.position.x), y: Math.round(node.position.y) },
    })),
    edges: edges.map((edge) => {
      const branch = edge.sourceHandle === 'yes' || edge.sourceHandle === 'no' ? edge.sourceHandle : undefined;
      return { source: edge.source, target: edge.target, ...(branch ? { branch } : {}) };
    }),
  };
}

/** The problems of a graph by node id (an edge's go to its source), and those of the graph as a whole. */
export function problemsByNode(problems: GraphProblem[], describe: (problem: GraphProblem) => string) {
  const byNode = new Map<string, string[]>();
  const general: string[] = [];
  for (const problem of problems) {
    const [kind, at] = problem.path;
    const id = kind === 'edges' && typeof at === 'string' ? at.split('->')[0] : kind === 'nodes' ? at : undefined;
    const text = describe(problem);
    if (typeof id === 'string') byNode.set(id, [...new Set([...(byNode.get(id) ?? []), text])]);
    else general.push(text);
  }
  return { byNode, general };
}

/** A node id not used yet: the type's last word and a number (`send_message-2`). */
export function newNodeId(type: string, taken: Set<string>): string {
  const base = type.split('.').at(-1) ?? 'step';
  for (let n = 1; ; n++) {
    const id = `${base}-${n}`;
    if (!taken.has(id)) return id;
  }
}
