import { graphProblems, type WorkflowEdge, type WorkflowNode, type WorkflowNodeType } from '@omnichat/contracts';
import { addEdge, type Connection, type Edge, useEdgesState, useNodesState } from '@xyflow/react';
import { useCallback, useMemo, useState } from 'react';
import { defaultNodeData } from '../node-types.ts';
import { fromFlow, newNodeId, problemsByNode, type StepFlowNode, toFlowEdges, toFlowNodes } from './graph.ts';
import { useProblemText } from './use-problem-text.ts';

/** The editor's graph: React Flow's nodes and edges, the contract's graph from them, and its problems by node. */
export function useEditorGraph(initial: { nodes: WorkflowNode[]; edges: WorkflowEdge[] }) {
  const [nodes, setNodes, onNodesChange] = useNodesState<StepFlowNode>(toFlowNodes(initial.nodes));
  const [edges, setEdges, onEdgesChange] = useEdgesState<Edge>(toFlowEdges(initial.edges));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const describe = useProblemText();

  const graph = useMemo(() => fromFlow(nodes, edges), [nodes, edges]);
  const problems = useMemo(() => problemsByNode(graphProblems(graph.nodes, graph.edges), describe), [graph, describe]);

  const add = useCallback(
    (type: WorkflowNodeType) => {
      const id = newNodeId(type, new Set(nodes.map((node) => node.id)));
      const anchor = nodes.find((node) => node.id === selectedId) ?? nodes.at(-1);
      const position = anchor ? { x: anchor.position.x, y: anchor.position.y + 140 } : { x: 80, y: 40 };
      setNodes((current) => [
        ...current.map((node) => ({ ...node, selected: false })),
        { id, type: 'step', position, selected: true, data: { type, data: defaultNodeData(type) } },
      ]);
      setSelectedId(id);
    },
    [nodes, selectedId, setNodes],
  );

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
