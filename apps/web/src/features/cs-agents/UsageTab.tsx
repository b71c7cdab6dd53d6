import type { CsAgentUsage } from '@omnichat/contracts';
import { Alert, Card, Empty, Flex, Progress, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/use-session.ts';
import { QueryView } from '../../ui/QueryView.tsx';
import { Text } from '../../ui/text.tsx';
import { useAgentUsage } from './cs-agents-api.ts';

const DAYS = 30;
const cardStyle = { flex: '1 1 240px', minWidth: 0 } as const;
type Day = CsAgentUsage['days'][number];

/** The agent's tokens, answers and handoffs: this month against the budgets, and the last 30 days. */
/** the day table's number columns: a day's field and its title */
const NUMBER_COLUMNS = [
  ['input_tokens', 'tokensIn'],
  ['output_tokens', 'tokensOut'],
  ['answers', 'answersColumn'],
  ['handoffs', 'handoffsColumn'],
] as const;

export function UsageTab({ agentId }: { agentId: string }) {
  const { t, i18n } = useTranslation();
  const { workspaceId } = useSession();
  const query = useAgentUsage(workspaceId, agentId, DAYS);
  const count = new Intl.NumberFormat(i18n.language);
  // the server's days are the organization's calendar days: shown as written, not moved to another zone
  const dayFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });

  const budgetCard = (title: string, used: number, budget: number | null) => (
    <Card size="small" style={cardStyle}>
      <Flex vertical gap={4}>
        <Text secondary>{title}</Text>
        <Text strong style={{ fontSize: 20 }}>
          {budget === null
            ? count.format(used)
            : t('csAgents.usage.ofBudget', { used: count.format(used), budget: count.format(budget) })}
        </Text>
        {budget === null ? (
          <Text secondary>{t('csAgents.usage.noBudget')}</Text>
        ) : (
          <Progress
            aria-label={title}
            percent={Math.min(100, Math.round((used / budget) * 1000) / 10)}
            status={used >= budget ? 'exception' : 'normal'}
          />
        )}
      </Flex>
    </Card>
  );

  return (
    <QueryView query={query} failed={t('csAgents.usage.loadFailed')}>
      {({ month, days }) => {
        const tokens = month.input_tokens + month.output_tokens;
        const usedUp =
          (month.budget !== null && tokens >= month.budget) ||
          (month.organization_budget !== null && month.organization_tokens >= month.organization_budget);
        return (
          <Flex vertical gap={16}>
            {usedUp && <Alert type="warning" showIcon title={t('csAgents.usage.usedUp')} />}
            <Flex gap={16} wrap>
              {budgetCard(t('csAgents.usage.agentTokens'), tokens, month.budget)}
              {budgetCard(t('csAgents.usage.organizationTokens'), month.organization_tokens, month.organization_budget)}
            </Flex>
            <Flex gap={16} wrap>
              <Card size="small" style={cardStyle}>
                <Statistic title={t('csAgents.usage.answers')} value={month.answers} />
              </Card>
              <Card size="small" style={cardStyle}>
                <Statistic title={t('csAgents.usage.handoffs')} value={month.handoffs} />
              </Card>
            </Flex>
            <Card size="small" title={t('csAgents.usage.days')}>
              <Table<Day>
                rowKey="day"
                size="small"
                pagination={false}
                scroll={{ x: 'max-content' }}
                dataSource={[...days].reverse()}
                locale={{ emptyText: <Empty description={t('csAgents.usage.empty')} /> }}
                columns={[
                  {
                    key: 'day',
                    title: t('csAgents.usage.day'),
                    render: (_, row) => dayFormat.format(new Date(`${row.day}T00:00:00Z`)),
                  },
                  ...NUMBER_COLUMNS.map(([field, label]) => ({
                    key: field,
                    title: t(`csAgents.usage.${label}`),
                    align: 'right' as const,
                    render: (_: unknown, row: Day) => count.format(row[field]),
                  })),
                ]}
              />
            </Card>
          </Flex>
        );
      }}
    </QueryView>
  );
}
