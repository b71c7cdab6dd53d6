import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { EmailTemplatesTab } from './email/EmailTemplatesTab.tsx';
import { HistoryTab } from './HistoryTab.tsx';
import { ScheduledTab } from './ScheduledTab.tsx';
import { WorkflowListTab } from './WorkflowListTab.tsx';
import './i18n/index.ts';

const TABS = ['workflows', 'history', 'scheduled', 'email'] as const;
type Tab = (typeof TABS)[number];

/** /app/workflow: the workflows, their runs, the upcoming scheduled runs and the e-mail templates (`?tab=`). */
export function WorkflowsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'workflows';
  return (
    <>
      <PageHeader title={t('nav.workflow')} subtitle={t('workflows.subtitle')} />
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) => setSearch(key === 'workflows' ? {} : { tab: key }, { replace: true })}
        items={[
          { key: 'workflows', label: t('workflows.tabs.workflows'), children: <WorkflowListTab /> },
          { key: 'history', label: t('workflows.tabs.history'), children: <HistoryTab /> },
          { key: 'scheduled', label: t('workflows.tabs.scheduled'), children: <ScheduledTab /> },
          { key: 'email', label: t('workflows.tabs.email'), children: <EmailTemplatesTab /> },
        ]}
      />
    </>
  );
}
