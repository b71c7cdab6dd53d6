import { describe, expect, it } from 'vitest';
import { graphProblems, type WorkflowEdge, type WorkflowNode } from './workflow-nodes.ts';
import { renderVariables, variablesIn } from './workflow-variables.ts';

const node = (id: string, type: string, data: Record<string, unknown> = {}): WorkflowNode => ({ id, type, data });
const messages = (nodes: WorkflowNode[], edges: WorkflowEdge[]) =>
  graphProblems(nodes, edges).map((problem) => `${problem.path.join('.')}: ${problem.message}`);

describe('graphProblems', () => {
  const trigger = node('start', 'trigger.message_received', { keywords: ['price'] });
  const check = node('check', 'condition', { field: 'message.text', operator: 'contains', value: 'x' });
  const reply = node('reply', 'action.send_message', { text: 'Hi' });

  it('accepts a trigger, a condition with both branches, and a step', () => {
    const edges: WorkflowEdge[] = [
      { source: 'start', target: 'check' },
      { source: 'check', target: 'reply', branch: 'yes' },
    ];
    expect(messages([trigger, check, reply], edges)).toEqual([]);
  });

  it('names the node of each problem', () => {
    expect(messages([reply], [])).toEqual(['nodes: workflow_trigger_missing']);
    expect(messages([trigger, node('again', 'trigger.manual')], [])).toEqual(['nodes.again: workflow_trigger_twice']);
    expect(messages([trigger, node('x', 'action.fly')], [])).toEqual(['nodes.x.type: workflow_node_type_unknown']);
    expect(
      messages(
        [trigger, check, reply],
        [
          { source: 'start', target: 'check' },
          { source: 'check', target: 'reply' },
        ],
      ),
    ).toEqual(['nodes.check: workflow_branch_required']);
    expect(messages([trigger], [{ source: 'start', target: 'gone' }])).toEqual([
      'edges.start->gone: workflow_edge_dangling',
    ]);
    expect(messages([trigger, reply], [{ source: 'reply', target: 'start' }])[0]).toBe(
      'edges.reply->start: workflow_edge_into_trigger',
    );
  });

  it('finds a loop and names a node on it', () => {
    const a = node('a', 'action.wait', { seconds: 1 });
    const b = node('b', 'action.wait', { seconds: 1 });
    const edges = [
      { source: 'start', target: 'a' },
      { source: 'a', target: 'b' },
      { source: 'b', target: 'a' },
    ];
    expect(messages([trigger, a, b], edges)).toEqual(['nodes.a: workflow_cycle']);
  });

  it("checks each node's data against its type", () => {
    const problems = messages(
      [trigger, node('wait', 'action.wait', { seconds: 0 })],
      [{ source: 'start', target: 'wait' }],
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^nodes\.wait\.data\.seconds: /);
    const schedule = messages([node('s', 'trigger.schedule', { cron: 'every day' })], []);
    expect(schedule.length).toBeGreaterThan(0);
    for (const problem of schedule) expect(problem).toMatch(/^nodes\.s\.data/);
  });
});

describe('renderVariables', () => {
  it('fills variables, leaves missing ones empty and lists them, and encodes values when asked', () => {
    const scope = { customer: { first_name: 'Mei', tags: ['a'] }, steps: { call: { body: { id: 7 } } } };
    expect(
      renderVariables('Hi {{ customer.first_name }} #{{steps.call.body.id}} {{customer.nickname}}', scope),
    ).toEqual({
      text: 'Hi Mei #7 ',
      missing: ['customer.nickname'],
    });
    expect(
      renderVariables('{"n":"{{customer.first_name}}"}', { customer: { first_name: 'a"b' } }, (v) =>
        JSON.stringify(v).slice(1, -1),
      ).text,
    ).toBe('{"n":"a\\"b"}');
    expect(variablesIn('{{a.b}} and {{a.b}} and {{c}}')).toEqual(['a.b', 'c']);
  });
});
