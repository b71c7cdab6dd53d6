import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../app/session/use-session.ts';
import { QueryView } from '../../../ui/QueryView.tsx';
import { STARTING_POINTS, type StartingPoint } from '../node-types.ts';
import { useWorkflow } from '../workflows-api.ts';
import { Editor } from './Editor.tsx';
import { startingDraft } from './starting-draft.ts';

/** /app/workflow/new (`?start=` one of the starting points) and /app/workflow/:id: the builder. */
export function EditorPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const { workspaceId } = useSession();
  const [search] = useSearchParams();
  const isNew = id === 'new';
  const workflow = useWorkflow(workspaceId, isNew ? null : id);
  if (isNew) {
    const asked = search.get('start') ?? 'blank';
    const point = (STARTING_POINTS as readonly string[]).includes(asked) ? (asked as StartingPoint) : 'blank';
    return <Editor key={point} workflow={null} draft={startingDraft(point, t)} />;
  }
  return (
    <QueryView query={workflow} rows={8} failed={t('workflows.notFound')}>
      {(loaded) => (
        <Editor
          key={loaded.id}
          workflow={loaded}
          draft={{
            name: loaded.name,
            description: loaded.description ?? '',
            nodes: loaded.nodes,
            edges: loaded.edges,
            broken: loaded.broken,
          }}
        />
      )}
    </QueryView>
  );
}
