import { CheckOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Col, Flex, Row, Segmented, Tag, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicSettings } from '../../app/queries.ts';
import { MarketingLayout } from './MarketingLayout.tsx';
import { PRICING_TIERS, type PricingTier, YEARLY_MONTHS_CHARGED } from './pricing-plans.ts';
import { PlanCardTemplate, PlanSkeletons, ServerPlanCard, usePublicPlans } from './ServerPlans.tsx';
import { PLACEHOLDERS, useStaticPage, WhenSet } from './static-page.tsx';
import { sectionTitleStyle } from './styles.ts';

type Cycle = 'monthly' | 'yearly';

function Price({ tier, cycle }: { tier: PricingTier; cycle: Cycle }) {
  const { t } = useTranslation();
  if (tier.monthly === null) return <span className="oc-price">{t('marketing.free')}</span>;
  if (tier.monthly === 'contact')
    return (
      <span className="oc-price" style={{ fontSize: 32 }}>
        {t('marketing.contactUs')}
      </span>
    );
  const amount = cycle === 'monthly' ? tier.monthly : tier.monthly * YEARLY_MONTHS_CHARGED;
  return (
    <Flex align="baseline" gap={6} wrap>
      <span className="oc-price">${amount}</span>
      <Typography.Text type="secondary">
        {cycle === 'monthly' ? t('marketing.perMonth') : t('marketing.perYear')}
      </Typography.Text>
      {cycle === 'yearly' && (
        <Typography.Text delete type="secondary">
          ${tier.monthly * 12}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** A tier's call to action: a page of the site, or the platform's contact address when one is published. */
function CtaLink({ to, children }: { to: string; children: ReactNode }) {
  const settings = usePublicSettings();
  const staticPage = useStaticPage();
  const email = staticPage ? PLACEHOLDERS.email : settings.data?.['system.contact.email'];
  if (to !== 'contact')
    return (
      <Link to={to} data-oc-plan={to.includes('cycle=') ? '' : undefined}>
        {children}
      </Link>
    );
  return (
    <WhenSet
      when="email"
      value={email}
      then={<a href={`mailto:${email}`}>{children}</a>}
      otherwise={<Link to="/about#contact">{children}</Link>}
    />
  );
}

/** The price of the cycle shown; prerendered, both (marketing.css shows the one of the section's data-cycle). */
function CyclePrice({ tier, cycle }: { tier: PricingTier; cycle: Cycle }) {
  if (!useStaticPage()) return <Price tier={tier} cycle={cycle} />;
  return (
    <>
      <div className="oc-when-monthly">
        <Price tier={tier} cycle="monthly" />
      </div>
      <div className="oc-when-yearly">
        <Price tier={tier} cycle="yearly" />
      </div>
    </>
  );
}

/** The sign-up address that carries the chosen plan and billing cycle (shown and remembered by the sign-up page). */
const withPlan = (to: string, tier: PricingTier, cycle: Cycle) =>
  `${to}?${new URLSearchParams({ plan: tier.key.toLowerCase(), cycle })}`;

function TierCard({ tier, cycle }: { tier: PricingTier; cycle: Cycle }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const card = (
    <Card
      style={{
        height: '100%',
        borderColor: tier.popular ? token.colorPrimary : undefined,
        borderWidth: tier.popular ? 2 : 1,
      }}
      styles={{ body: { display: 'flex', flexDirection: 'column', height: '100%', gap: 16 } }}
    >
      <div>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 24, lineHeight: 1.35 }}>
          {t(`marketing.plan${tier.key}`)}
        </Typography.Title>
        <Typography.Text type="secondary">{t(`marketing.plan${tier.key}Text`)}</Typography.Text>
      </div>
      <CyclePrice tier={tier} cycle={cycle} />
      <Flex vertical gap={10} style={{ flex: 1 }}>
        {tier.features.map((feature) => (
          <Flex key={feature.key} gap={10} align="flex-start">
            <CheckOutlined style={{ color: token.colorSuccess, marginTop: 4 }} />
            <Typography.Text>{t(`marketing.planFeature${feature.key}`, { count: feature.count })}</Typography.Text>
          </Flex>
        ))}
      </Flex>
      <CtaLink to={tier.cta.label === 'choosePlan' ? withPlan(tier.cta.to, tier, cycle) : tier.cta.to}>
        <Button block size="large" type={tier.popular ? 'primary' : 'default'}>
          {t(`marketing.${tier.cta.label}`)}
        </Button>
      </CtaLink>
    </Card>
  );
  return tier.popular ? (
    <Badge.Ribbon text={t('marketing.popular')} style={{ height: 'auto' }}>
      {card}
    </Badge.Ribbon>
  ) : (
    card
  );
}

const Tiers = ({ tiers, cycle, example }: { tiers: PricingTier[]; cycle: Cycle; example?: boolean }) =>
  tiers.map((tier) => (
    <Col key={tier.key} xs={24} sm={12} xl={6} data-oc-example={example ? '' : undefined}>
      <TierCard tier={tier} cycle={cycle} />
    </Col>
  ));

/** The self-hosted and enterprise tiers around the paid ones (the operator's plans, or the examples). */
function splitTiers() {
  const [selfHosted, ...rest] = PRICING_TIERS;
  return {
    selfHosted: selfHosted ? [selfHosted] : [],
    examples: rest.filter((tier) => tier.monthly !== 'contact'),
    enterprise: rest.filter((tier) => tier.monthly === 'contact'),
  };
}

/** Prerendered: the examples, which public/marketing.js replaces by the operator's plans after load. */
function StaticTiers() {
  const { selfHosted, examples, enterprise } = splitTiers();
  return (
    <>
      <Tiers tiers={selfHosted} cycle="monthly" />
      <Tiers tiers={examples} cycle="monthly" example />
      <PlanCardTemplate />
      <Tiers tiers={enterprise} cycle="monthly" />
    </>
  );
}

/**
 * In the browser: the operator's plans from the server between the self-hosted and the enterprise tier (the
 * examples stay when the server offers none it can tell, e.g. a self-hosted install without billing).
 */
function LiveTiers({ cycle }: { cycle: Cycle }) {
  const plans = usePublicPlans();
  const { selfHosted, examples, enterprise } = splitTiers();
  return (
    <>
      <Tiers tiers={selfHosted} cycle={cycle} />
      {plans.isPending ? (
        <PlanSkeletons />
      ) : plans.data && plans.data.length > 0 ? (
        plans.data.map((plan) => (
          <Col key={plan.id} xs={24} sm={12} xl={6}>
            <ServerPlanCard plan={plan} cycle={cycle} />
          </Col>
        ))
      ) : (
        <Tiers tiers={examples} cycle={cycle} />
      )}
      <Tiers tiers={enterprise} cycle={cycle} />
    </>
  );
}

/** /pricing: tiers with a monthly / yearly toggle; yearly saves two months. */
export function PricingPage() {
  const { t } = useTranslation();
  const staticPage = useStaticPage();
  const [cycle, setCycle] = useState<Cycle>('monthly');
  const saveTag = (variant: Cycle) => (
    <Tag
      color="green"
      variant={variant === 'yearly' ? 'solid' : 'outlined'}
      style={{ fontSize: 14, padding: '2px 10px' }}
    >
      {t('marketing.saveTwoMonths')}
    </Tag>
  );
  return (
    <MarketingLayout title={t('marketing.pricing')}>
      <section className="oc-section" data-cycle={cycle}>
        <div className="oc-container">
          <Typography.Title style={{ ...sectionTitleStyle, marginTop: 0 }}>
            {t('marketing.pricingTitle')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', fontSize: 16 }}>
            {t('marketing.pricingSubtitle')}
          </Typography.Paragraph>
          <Flex justify="center" align="center" gap={12} wrap style={{ margin: '24px 0 40px' }}>
            <Segmented<Cycle>
              size="large"
              data-oc-cycle=""
              value={cycle}
              onChange={setCycle}
              aria-label="billing cycle"
              options={[
                { value: 'monthly', label: t('marketing.monthly') },
                { value: 'yearly', label: t('marketing.yearly') },
              ]}
            />
            {staticPage ? (
              <>
                <span className="oc-when-monthly">{saveTag('monthly')}</span>
                <span className="oc-when-yearly">{saveTag('yearly')}</span>
              </>
            ) : (
              saveTag(cycle)
            )}
          </Flex>
          <Row gutter={[24, 24]} align="stretch" justify="center">
            {staticPage ? <StaticTiers /> : <LiveTiers cycle={cycle} />}
          </Row>
        </div>
      </section>
    </MarketingLayout>
  );
}
