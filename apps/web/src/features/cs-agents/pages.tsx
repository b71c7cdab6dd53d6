import { useParams } from 'react-router';
import { CsAgentPage } from './CsAgentPage.tsx';
import { CsAgentsPage } from './CsAgentsPage.tsx';

/** /app/cs-agents (the list) and /app/cs-agents/:id (one agent's editor): one route and one chunk. */
export function CsAgentsRoute() {
  const { id } = useParams();
  return id ? <CsAgentPage key={id} /> : <CsAgentsPage />;
}
