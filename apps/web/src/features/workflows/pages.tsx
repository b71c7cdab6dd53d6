import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { WorkflowsPage } from './WorkflowsPage.tsx';
// the texts of every workflow page, the lazy ones included (they are reached only through this route)
import './i18n/index.ts';

// the canvas (React Flow) comes only with the builder and a run's details
const EditorPage = lazy(async () => ({ default: (await import('./editor/EditorPage.tsx')).EditorPage }));
const RunDetailsPage = lazy(async () => ({ default: (await import('./runs/RunDetailsPage.tsx')).RunDetailsPage }));

function Loading() {
  const { t } = useTranslation();
  return <div role="status">{t('common.loading')}</div>;
}

/** /app/workflow/*: the tabs, the builder (`new`, `:id`) and a run's details (`executions/:id`): one route. */
export function WorkflowsRoute() {
  const [first, second] = (useParams()['*'] ?? '').split('/');
  return (
    <Suspense fallback={<Loading />}>
      {!first ? (
        <WorkflowsPage />
      ) : first === 'executions' && second ? (
        <RunDetailsPage key={second} id={second} />
      ) : (
        <EditorPage key={first} id={first} />
      )}
    </Suspense>
  );
}
