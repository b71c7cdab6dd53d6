import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { PageLoading } from '../../app/PageLoading.tsx';
import { WorkflowsPage } from './WorkflowsPage.tsx';

// the canvas (React Flow) comes only with the builder and a run's details
const EditorPage = lazy(async () => ({ default: (await import('./editor/EditorPage.tsx')).EditorPage }));
const RunDetailsPage = lazy(async () => ({ default: (await import('./runs/RunDetailsPage.tsx')).RunDetailsPage }));

/** /app/workflow/*: the tabs, the builder (`new`, `:id`) and a run's details (`executions/:id`): one route. */
export function WorkflowsRoute() {
  const rest = useParams()['*'] ?? '';
  const [first, second] = rest.split('/');
  if (!first) return <WorkflowsPage />;
  return (
    <Suspense fallback={<PageLoading />}>
      {first === 'executions' && second ? (
        <RunDetailsPage key={second} id={second} />
      ) : (
        <EditorPage key={first} id={first} />
      )}
    </Suspense>
  );
}
