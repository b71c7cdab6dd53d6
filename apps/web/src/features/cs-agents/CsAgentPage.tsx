import { ArrowLeftOutlined } from '@ant-design/icons';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../app/session/use-session.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryView } from '../../ui/QueryView.tsx';
import { useAgent } from './cs-agents-api.ts';
import { InstructionsTab } from './InstructionsTab.tsx';
import { KnowledgeTab } from './KnowledgeTab.tsx';
import { CS_AGENTS_PATH, useCanWriteAgents } from './parts.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { TryItTab } from './TryItTab.tsx';
import { UsageTab } from './UsageTab.tsx';
import './i18n/index.ts';

const TABS = ['settings', 'instructions', 'knowledge', 'try', 'usage'] as const;
type Tab = (typeof TABS)[number];

/** /app/cs-agents/:id: an agent's settings, instructions, knowledge, a try-out chat and its usage, one tab each (`?tab=`). */
export function CsAgentPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { workspaceId } = useSession();
  const canWrite = useCanWriteAgents();
  const agent = useAgent(workspaceId, id);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'settings';

  return (
    <>
      <PageHeader
        title={agent.data?.name ?? t('nav.csAgents')}
        subtitle={
          <Link to={CS_AGENTS_PATH}>
            <ArrowLeftOutlined aria-hidden /> {t('csAgents.back')}
          </Link>
        }
      />
      <QueryView query={agent} rows={8} failed={t('csAgents.notFound')}>
        {(loaded) => (
          <Tabs
            activeKey={tab}
            onChange={(key) => setSearch(key === 'settings' ? {} : { tab: key }, { replace: true })}
            items={[
              {
                key: 'settings',
                label: t('csAgents.tabs.settings'),
                children: <SettingsTab key={loaded.updated_at} agent={loaded} canWrite={canWrite} />,
              },
              {
                key: 'instructions',
                label: t('csAgents.tabs.instructions'),
                children: <InstructionsTab agentId={loaded.id} canWrite={canWrite} />,
              },
              {
                key: 'knowledge',
                label: t('csAgents.tabs.knowledge'),
                children: <KnowledgeTab agentId={loaded.id} canWrite={canWrite} />,
              },
              {
                key: 'try',
                label: t('csAgents.tabs.try'),
                children: <TryItTab agentId={loaded.id} agentName={loaded.name} canWrite={canWrite} />,
              },
              {
                key: 'usage',
                label: t('csAgents.tabs.usage'),
                children: <UsageTab agentId={loaded.id} />,
              },
            ]}
          />
        )}
      </QueryView>
    </>
  );
}
