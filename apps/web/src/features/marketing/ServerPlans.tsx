import { CheckOutlined } from '@ant-design/icons';
import { type PublicPlan, planEndpoints } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Col, Flex, Skeleton, Tag, Typography, theme } from 'antd';
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

/** Texts marketing.js needs to fill the template in the page's language (# is the count). */
function useTemplateTexts() {
  const { t } = useTranslation();
  const counted = (key: string) => ({
    one: t(key, { count: 1 }).replace('1', '#'),
    other: t(key, { count: 2 }).replace('2', '#'),
  });
  return {
    unlimited: t('marketing.planFeatureUnlimited'),
    seats: counted('marketing.planFeatureSeats'),
    channels: counted('marketing.planFeatureChannels'),
    agents: counted('marketing.planFeatureAgents'),
    features: Object.fromEntries(
      ['broadcast', 'workflow', 'cs_agent', 'salesforce'].map((feature) => [
        feature,
        t(`marketing.planFeature_${feature}`),
      ]),
    ),
  };
}

/**
 * Prerendered /pricing has no app bundle: a template of a plan's card that public/marketing.js fills from
 * GET /public/v1/subscription-plans after load (the example tiers stay when the server offers none).
 */
export function PlanCardTemplate() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const Template = 'template' as unknown as 'div';
  const price = (cycle: Cycle) => (
    <div className={`oc-when-${cycle}`}>
      <Flex align="baseline" gap={6} wrap>
        <span className="oc-price" data-oc-field={`price-${cycle}`} />
        <Typography.Text type="secondary">
          {cycle === 'monthly' ? t('marketing.perMonth') : t('marketing.perYear')}
        </Typography.Text>
        <Typography.Text delete type="secondary" data-oc-field={`list-${cycle}`} />
      </Flex>
    </div>
  );
  return (
    <Template data-oc-plan-template="" data-texts={JSON.stringify(useTemplateTexts())}>
      <Col xs={24} sm={12} xl={6}>
        <Card
          style={{ height: '100%' }}
          styles={{ body: { display: 'flex', flexDirection: 'column', height: '100%', gap: 16 } }}
        >
          <Flex justify="space-between" align="center" gap={8}>
            <Typography.Title level={2} style={{ margin: 0, fontSize: 24, lineHeight: 1.35 }} data-oc-field="name" />
            <Tag color="blue" data-oc-field="popular">
              {t('marketing.popular')}
            </Tag>
          </Flex>
          {price('monthly')}
          {price('yearly')}
          <Flex vertical gap={10} style={{ flex: 1 }} data-oc-field="features">
            <Flex gap={10} align="flex-start">
              <CheckOutlined style={{ color: token.colorSuccess, marginTop: 4 }} />
              <Typography.Text data-oc-field="feature" />
            </Flex>
          </Flex>
          <a data-oc-plan="" href="/auth/register">
            <Button block size="large" type="primary">
              {t('marketing.choosePlan')}
            </Button>
          </a>
        </Card>
      </Col>
    </Template>
  );
}
