import { ArrowLeftOutlined, ExperimentOutlined, SaveOutlined } from '@ant-design/icons';
import { resolveLocale, translate, type Workflow } from '@omnichat/contracts';
import { ReactFlowProvider } from '@xyflow/react';
import { Alert, Button, Card, Flex, Form, Grid, Input, Switch, Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../app/http/index.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useCanWriteWorkflows, WORKFLOWS_PATH } from '../parts.tsx';
import { useSaveWorkflow, useWorkflowActions } from '../workflows-api.ts';
import { ManualRunPanel } from './ManualRunPanel.tsx';
import { NodePanel } from './NodePanel.tsx';
import { Palette } from './Palette.tsx';
import type { WorkflowDraft } from './starting-draft.ts';
import { TestRunPanel } from './TestRunPanel.tsx';
import { UnsavedGuard } from './UnsavedGuard.tsx';
import { useEditorGraph } from './use-editor-graph.ts';
import { WorkflowCanvas } from './WorkflowCanvas.tsx';

/** The builder: name and description, the canvas with its palette, the selected node's settings, save, test run. */
export function Editor(props: { workflow: Workflow | null; draft: WorkflowDraft }) {
  return (
    <ReactFlowProvider>
      <EditorBody {...props} />
    </ReactFlowProvider>
  );
}

function EditorBody({ workflow, draft }: { workflow: Workflow | null; draft: WorkflowDraft }) {
  const { t, i18n } = useTranslation();
  const locale = resolveLocale(i18n.resolvedLanguage ?? i18n.language);
  const navigate = useNavigate();
  const canWrite = useCanWriteWorkflows();
  // a phone gets a shorter canvas, with the palette and the settings below it
  const wide = Grid.useBreakpoint().md ?? true;
  const editor = useEditorGraph(draft);
  const [name, setName] = useState(draft.name);
  const [description, setDescription] = useState(draft.description);
  const [saved, setSaved] = useState<Workflow | null>(workflow);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  const [statuses, setStatuses] = useState<Map<string, string> | undefined>();
  const save = useSaveWorkflow();
  const { setActive } = useWorkflowActions();
  const problemCount = editor.problems.general.length + editor.problems.byNode.size;
  const drawnNodes = useMemo(() => editor.drawn(statuses), [editor.drawn, statuses]);
  const nodeIds = useMemo(() => editor.nodes.map((node) => node.id), [editor.nodes]);

  // the draft as text, and as last saved: the guard asks before leaving while they differ
  const draftText = JSON.stringify({ name: name.trim(), description: description.trim(), ...editor.graph });
  const savedText = useRef(draftText);
  const isDirty = () => draftText !== savedText.current;

  const submit = async () => {
    setError(null);
    if (!name.trim()) {
      setNameError(translate('workflow_name_required', locale));
      return;
    }
    setNameError(null);
    if (problemCount > 0) {
      setError(`${t('workflows.editor.saveFailed')}: ${t('workflows.editor.fixProblems')}`);
      return;
    }
    try {
      const body = {
        name: name.trim(),
        description: description.trim() || null,
        active: saved?.active ?? false,
        ...editor.graph,
      };
      const result = await save.mutateAsync({ id: saved?.id ?? null, body });
      savedText.current = draftText;
      setSaved(result);
      if (!saved) navigate(`${WORKFLOWS_PATH}/${result.id}`, { replace: true });
    } catch (failure) {
      const unavailable = !(failure instanceof ApiError) || failure.status === 0 || failure.status >= 500;
      setError(
        unavailable ? t('workflows.editor.saveUnavailable') : `${t('workflows.editor.saveFailed')}: ${failure.message}`,
      );
    }
  };

  const toggle = async (active: boolean) => {
    if (!saved) return;
    setSaved(await setActive.mutateAsync({ id: saved.id, active }));
  };

  return (
    <>
      <UnsavedGuard isDirty={isDirty} />
      <PageHeader
        title={saved?.name || t('workflows.editor.newTitle')}
        subtitle={
          <Link to={WORKFLOWS_PATH}>
            <ArrowLeftOutlined aria-hidden /> {t('workflows.back')}
          </Link>
        }
        extra={
          <>
            {saved && <Tag>{t('workflows.version', { version: saved.version })}</Tag>}
            {saved && (
              <Switch
                checked={saved.active}
                disabled={!canWrite}
                loading={setActive.isPending}
                onChange={(active) => void toggle(active)}
                aria-label={t('workflows.active')}
              />
            )}
            <Button
              icon={<ExperimentOutlined aria-hidden />}
              disabled={!saved}
              onClick={() => setTesting((open) => !open)}
            >
              {t('workflows.test.open')}
            </Button>
            {canWrite && (
              <Button
                type="primary"
                icon={<SaveOutlined aria-hidden />}
                loading={save.isPending}
                onClick={() => void submit()}
              >
                {t('workflows.editor.save')}
              </Button>
            )}
          </>
        }
      />
      <Flex vertical gap={12}>
        {error && <Alert type="error" showIcon message={error} role="alert" />}
        <Card size="small">
          <Form layout="vertical" component="div">
            <Flex gap={12} wrap>
              <Form.Item
                label={t('workflows.name')}
                htmlFor="workflow-name"
                validateStatus={nameError ? 'error' : undefined}
                help={nameError ? <span role="alert">{nameError}</span> : undefined}
                style={{ flex: '1 1 240px', marginBottom: 0 }}
              >
                <Input
                  id="workflow-name"
                  value={name}
                  maxLength={99}
                  onChange={(event) => setName(event.target.value)}
                />
              </Form.Item>
              <Form.Item
                label={t('workflows.description')}
                htmlFor="workflow-description"
                style={{ flex: '2 1 320px', marginBottom: 0 }}
              >
                <Input
                  id="workflow-description"
                  value={description}
                  onChange={(event) => setDescription(event.target.value)}
                />
              </Form.Item>
            </Flex>
          </Form>
        </Card>
        {editor.problems.general.map((problem) => (
          <Alert key={problem} type="warning" showIcon message={problem} />
        ))}
        <Flex gap={12} wrap align="stretch">
          {canWrite && (
            <Card size="small" style={{ flex: '1 1 200px', maxWidth: 320 }}>
              <Palette
                hasTrigger={editor.graph.nodes.some((node) => node.type.startsWith('trigger.'))}
                onAdd={editor.add}
              />
            </Card>
          )}
          <Card
            size="small"
            style={{ flex: '3 1 420px', height: wide ? 560 : 420 }}
            styles={{ body: { height: '100%', padding: 0 } }}
          >
            <WorkflowCanvas
              nodes={drawnNodes}
              edges={editor.edges}
              onNodesChange={canWrite ? editor.onNodesChange : undefined}
              onEdgesChange={canWrite ? editor.onEdgesChange : undefined}
              onConnect={canWrite ? editor.connect : undefined}
              onSelect={editor.setSelectedId}
              readOnly={!canWrite}
            />
          </Card>
          <Flex vertical gap={12} style={{ flex: '1 1 280px', maxWidth: 420 }}>
            {editor.selected ? (
              <NodePanel
                key={editor.selected.id}
                node={editor.selected}
                problems={editor.problems.byNode.get(editor.selected.id) ?? []}
                nodeIds={nodeIds}
                webhook={saved?.webhook}
                onChange={(data) => editor.changeData(editor.selected!.id, data)}
                onDelete={() => editor.remove(editor.selected!.id)}
                readOnly={!canWrite}
              />
            ) : (
              <Card size="small">{t('workflows.editor.selectHint')}</Card>
            )}
            {testing && saved && <TestRunPanel workflowId={saved.id} graph={editor.graph} onSteps={setStatuses} />}
            {saved?.trigger_type === 'trigger.manual' && canWrite && (
              <ManualRunPanel workflowId={saved.id} active={saved.active} />
            )}
          </Flex>
        </Flex>
      </Flex>
    </>
  );
}
