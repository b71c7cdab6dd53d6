import { CheckOutlined } from '@ant-design/icons';
import { type PublicPlan, planEndpoints } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Col, Flex, Skeleton, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { http } from '../../app/http/index.ts';
import { formatCents } from '../../ui/numeric-text.ts';

type Cycle = 'monthly' | 'yearly';

/** GET /public/v1/subscription-plans: the operator's plans on offer (undefined data on failure: the examples stay). */
export const usePublicPlans = () =>
  useQuery({
    queryKey: ['public-plans'],
    retry: false,
    queryFn: () => http.call(planEndpoints.public, { silent: true }),
  });

const money = (cents: number) => `$${cents % 100 === 0 ? cents / 100 : formatCents(cents)}`;

function PlanFeatures({ plan }: { plan: PublicPlan }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const lines = [
    plan.member_limit === null && plan.channel_limit === null ? t('marketing.planFeatureUnlimited') : null,
    plan.member_limit !== null ? t('marketing.planFeatureSeats', { count: plan.member_limit }) : null,
    plan.channel_limit !== null ? t('marketing.planFeatureChannels', { count: plan.channel_limit }) : null,
    plan.ai_agent_limit !== null ? t('marketing.planFeatureAgents', { count: plan.ai_agent_limit }) : null,
    ...plan.features.map((feature) => t(`marketing.planFeature_${feature}`)),
  ].filter((line): line is string => Boolean(line));
  return (
    <Flex vertical gap={10} style={{ flex: 1 }}>
      {lines.map((line) => (
        <Flex key={line} gap={10} align="flex-start">
          <CheckOutlined style={{ color: token.colorSuccess, marginTop: 4 }} />
          <Typography.Text>{line}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

/** One of the operator's plans: its price for the cycle (the discounted one, the list price struck through). */
export function ServerPlanCard({ plan, cycle }: { plan: PublicPlan; cycle: Cycle }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const list = cycle === 'monthly' ? plan.monthly_price_cents : plan.yearly_price_cents;
  const discounted = cycle === 'monthly' ? plan.discounted_monthly_price_cents : plan.discounted_yearly_price_cents;
  const price = discounted ?? list;
  const card = (
    <Card
      data-testid={`plan-${plan.tag}`}
      style={{
        height: '100%',
        borderColor: plan.popular ? token.colorPrimary : undefined,
        borderWidth: plan.popular ? 2 : 1,
      }}
      styles={{ body: { display: 'flex', flexDirection: 'column', height: '100%', gap: 16 } }}
    >
      <Typography.Title level={2} style={{ margin: 0, fontSize: 24, lineHeight: 1.35 }}>
        {plan.name}
      </Typography.Title>
      <Flex align="baseline" gap={6} wrap>
        <span className="oc-price">{money(price)}</span>
        <Typography.Text type="secondary">
          {cycle === 'monthly' ? t('marketing.perMonth') : t('marketing.perYear')}
        </Typography.Text>
        {discounted !== null && discounted !== list && (
          <Typography.Text delete type="secondary">
            {money(list)}
          </Typography.Text>
        )}
      </Flex>
      <PlanFeatures plan={plan} />
      <Link to={`/auth/register?${new URLSearchParams({ plan: plan.tag, cycle })}`}>
        <Button block size="large" type={plan.popular ? 'primary' : 'default'}>
          {t('marketing.choosePlan')}
        </Button>
      </Link>
    </Card>
  );
  return plan.popular ? (
    <Badge.Ribbon text={t('marketing.popular')} style={{ height: 'auto' }}>
      {card}
    </Badge.Ribbon>
  ) : (
    card
  );
}

/** Placeholders while the plans load. */
export function PlanSkeletons() {
  return [0, 1].map((index) => (
    <Col key={index} xs={24} sm={12} xl={6}>
      <Card aria-busy="true" style={{ height: '100%' }}>
        <Skeleton active paragraph={{ rows: 5 }} />
      </Card>
    </Col>
  ));
}
