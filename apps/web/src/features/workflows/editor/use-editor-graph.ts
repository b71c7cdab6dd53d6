import { graphProblems, type WorkflowEdge, type WorkflowNode, type WorkflowNodeType } from '@omnichat/contracts';
import { addEdge, type Connection, type Edge, useEdgesState, useNodesState } from '@xyflow/react';
import { useCallback, useMemo, useState } from 'react';
import { defaultNodeData, isBranching } from '../node-types.ts';
import { fromFlow, newNodeId, problemsByNode, type StepFlowNode, toFlowEdges, toFlowNodes } from './graph.ts';
import { useProblemText } from './use-problem-text.ts';

/** The editor's graph: React Flow's nodes and edges, the contract's graph from them, and its problems by node. */
export function useEditorGraph(initial: {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
  /** settings naming something deleted since the save (the server's `broken`): marked until changed */
  broken?: { node_id: string; field: string }[];
}) {
  const [nodes, setNodes, onNodesChange] = useNodesState<StepFlowNode>(toFlowNodes(initial.nodes));
  const [edges, setEdges, onEdgesChange] = useEdgesState<Edge>(toFlowEdges(initial.edges));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const describe = useProblemText();

  const graph = useMemo(() => fromFlow(nodes, edges), [nodes, edges]);
  const problems = useMemo(() => {
    const found = graphProblems(graph.nodes, graph.edges);
    for (const { node_id, field } of initial.broken ?? []) {
      const now = graph.nodes.find((node) => node.id === node_id);
      const was = initial.nodes.find((node) => node.id === node_id);
      if (now && was && JSON.stringify(now.data[field]) === JSON.stringify(was.data[field]))
        found.push({ path: ['nodes', node_id, 'data', field], message: 'workflow_reference_missing' });
    }
    return problemsByNode(found, describe);
  }, [graph, describe, initial]);

  const connect = useCallback(
    (connection: Connection) =>
      setEdges((current) =>
        addEdge(
          {
            ...connection,
            id: `${connection.source}->${connection.target}${connection.sourceHandle ? `:${connection.sourceHandle}` : ''}`,
            label: connection.sourceHandle ?? undefined,
          },
          current,
        ),
      ),
    [setEdges],
  );

  /**
   * Adds a step below the selected one (or the last), connected from it when it has a free way out: its only exit,
   * or a condition's yes and then its no. So a workflow can be built with the keyboard alone.
   */
  const add = useCallback(
    (type: WorkflowNodeType) => {
      const id = newNodeId(type, new Set(nodes.map((node) => node.id)));
      const anchor = nodes.find((node) => node.id === selectedId) ?? nodes.at(-1);
      const branches = anchor && isBranching(anchor.data.type) ? (['yes', 'no'] as const) : [null];
      const taken = new Set(
        edges.filter((edge) => edge.source === anchor?.id).map((edge) => edge.sourceHandle ?? null),
      );
      const exit = branches.find((branch) => !taken.has(branch));
      const column = exit === 'no' ? 1 : 0;
      const position = anchor ? { x: anchor.position.x + column * 260, y: anchor.position.y + 140 } : { x: 80, y: 40 };
      setNodes((current) => [
        ...current.map((node) => ({ ...node, selected: false })),
        { id, type: 'step', position, selected: true, data: { type, data: defaultNodeData(type) } },
      ]);
      if (anchor && exit !== undefined && !type.startsWith('trigger.'))
        connect({ source: anchor.id, target: id, sourceHandle: exit, targetHandle: null });
      setSelectedId(id);
    },
    [nodes, edges, selectedId, setNodes, connect],
  );

  const changeData = useCallback(
    (id: string, data: Record<string, unknown>) =>
      setNodes((current) => current.map((node) => (node.id === id ? { ...node, data: { ...node.data, data } } : node))),
    [setNodes],
  );

  const remove = useCallback(
    (id: string) => {
      setNodes((current) => current.filter((node) => node.id !== id));
      setEdges((current) => current.filter((edge) => edge.source !== id && edge.target !== id));
      setSelectedId(null);
    },
    [setNodes, setEdges],
  );

  /** The nodes as drawn: each with its problems and, after a test run, its step status. */
  const drawn = useCallback(
    (statuses?: Map<string, string>): StepFlowNode[] =>
      nodes.map((node) => ({
        ...node,
        data: { ...node.data, problems: problems.byNode.get(node.id), status: statuses?.get(node.id) },
      })),
    [nodes, problems],
  );

  return {
    nodes,
    edges,
    graph,
    problems,
    selected: nodes.find((node) => node.id === selectedId) ?? null,
    setSelectedId,
    onNodesChange,
    onEdgesChange,
    add,
    connect,
    changeData,
    remove,
    drawn,
  };
}
