import type { ExecutionStep, WorkflowEdge, WorkflowNode } from '@omnichat/contracts';

/** Each node's status in a run (its last attempt's); a node the run never reached is `unreached`. */
export function stepStatuses(steps: ExecutionStep[], nodes: WorkflowNode[]): Map<string, string> {
  const statuses = new Map<string, string>(nodes.map((node) => [node.id, 'unreached']));
  for (const step of steps) statuses.set(step.node_id, step.status);
  return statuses;
}

/** The edges a run went along: from one step it ran to the next it ran (on the branch it took). */
export function takenEdges(steps: ExecutionStep[], edges: WorkflowEdge[]): Set<WorkflowEdge> {
  const ran = new Set(steps.map((step) => step.node_id));
  const taken = new Set<WorkflowEdge>();
  for (const edge of edges) if (ran.has(edge.source) && ran.has(edge.target)) taken.add(edge);
  return taken;
}
