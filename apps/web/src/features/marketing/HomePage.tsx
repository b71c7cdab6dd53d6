import {
  ArrowRightOutlined,
  BranchesOutlined,
  CheckCircleFilled,
  CloudSyncOutlined,
  FacebookFilled,
  GlobalOutlined,
  InstagramFilled,
  MessageOutlined,
  NotificationOutlined,
  RobotOutlined,
  TeamOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons';
import { Button, Col, Flex, Row, Tag, Typography, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FeatureCard } from './FeatureCard.tsx';
import { InboxPreview } from './InboxPreview.tsx';
import { MarketingLayout } from './MarketingLayout.tsx';
import { heroTitleStyle, sectionTitleStyle } from './styles.ts';
import '../auth/index.ts';

const FEATURES: { key: string; icon: ReactNode; color: string }[] = [
  { key: 'Inbox', icon: <MessageOutlined />, color: '#1677ff' },
  { key: 'Customers', icon: <TeamOutlined />, color: '#722ed1' },
  { key: 'Broadcast', icon: <NotificationOutlined />, color: '#fa8c16' },
  { key: 'Workflow', icon: <BranchesOutlined />, color: '#13c2c2' },
  { key: 'Ai', icon: <RobotOutlined />, color: '#eb2f96' },
  { key: 'Salesforce', icon: <CloudSyncOutlined />, color: '#00a1e0' },
];

const CHANNELS = [
  { name: 'WhatsApp', icon: <WhatsAppOutlined />, color: '#25d366' },
  { name: 'Messenger', icon: <FacebookFilled />, color: '#0866ff' },
  { name: 'Instagram', icon: <InstagramFilled />, color: '#e1306c' },
  { name: 'Web chat', icon: <GlobalOutlined />, color: '#13c2c2' },
];

/** The public landing page at /. */
export function HomePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView?.({ behavior: 'smooth' });
  }, [hash]);

  return (
    <MarketingLayout>
      <section
        className="oc-section"
        style={{
          background: `radial-gradient(circle at 15% 10%, ${token.colorPrimaryBg} 0, transparent 50%), radial-gradient(circle at 90% 30%, ${token.colorInfoBg} 0, transparent 40%)`,
        }}
      >
        <div className="oc-container">
          <Row gutter={[30, 48]} align="middle">
            <Col xs={24} lg={12}>
              <Tag color="blue" style={{ marginBottom: 16 }}>
                {t('marketing.heroBadge')}
              </Tag>
              <Typography.Title style={heroTitleStyle}>{t('marketing.heroTitle')}</Typography.Title>
              <Typography.Paragraph type="secondary" style={{ fontSize: 18, maxWidth: 560 }}>
                {t('marketing.heroText')}
              </Typography.Paragraph>
              <Flex gap={12} wrap style={{ marginTop: 24 }}>
                <Link to="/auth/register">
                  <Button type="primary" size="large" icon={<ArrowRightOutlined />} iconPlacement="end">
                    {t('marketing.getStarted')}
                  </Button>
                </Link>
                <Link to="/pricing">
                  <Button size="large">{t('marketing.seePricing')}</Button>
                </Link>
              </Flex>
            </Col>
            <Col xs={24} lg={12}>
              <InboxPreview />
            </Col>
          </Row>
        </div>
      </section>

      <section
        style={{
          paddingBlock: 32,
          borderBlock: `1px solid ${token.colorBorderSecondary}`,
          background: token.colorBgContainer,
        }}
      >
        <div className="oc-container">
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
            {t('marketing.channelsTitle')}
          </Typography.Paragraph>
          <Flex justify="center" gap={40} wrap>
            {CHANNELS.map((channel) => (
              <Flex key={channel.name} align="center" gap={10} style={{ fontSize: 18 }}>
                <span style={{ color: channel.color, fontSize: 28 }}>{channel.icon}</span>
                <Typography.Text strong>{channel.name}</Typography.Text>
              </Flex>
            ))}
          </Flex>
        </div>
      </section>

      <section id="features" className="oc-section">
        <div className="oc-container">
          <Typography.Title level={2} style={{ ...sectionTitleStyle, marginBottom: 40 }}>
            {t('marketing.featuresTitle')}
          </Typography.Title>
          <Row gutter={[24, 24]}>
            {FEATURES.map((feature) => (
              <Col key={feature.key} xs={24} sm={12} lg={8}>
                <FeatureCard
                  icon={feature.icon}
                  color={feature.color}
                  title={t(`marketing.feature${feature.key}Title`)}
                  text={t(`marketing.feature${feature.key}Text`)}
                />
              </Col>
            ))}
          </Row>
        </div>
      </section>

      <section className="oc-section" style={{ background: token.colorBgContainer }}>
        <div className="oc-container">
          <Row gutter={[30, 32]} align="middle">
            <Col xs={24} lg={12}>
              <Typography.Title level={2} style={{ marginTop: 0 }}>
                {t('marketing.teamsTitle')}
              </Typography.Title>
              <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
                {t('marketing.teamsText')}
              </Typography.Paragraph>
            </Col>
            <Col xs={24} lg={12}>
              <Flex vertical gap={14}>
                {[1, 2, 3, 4].map((n) => (
                  <Flex key={n} gap={12} align="flex-start">
                    <CheckCircleFilled style={{ color: token.colorSuccess, fontSize: 20, marginTop: 2 }} />
                    <Typography.Text style={{ fontSize: 16 }}>{t(`marketing.teamsPoint${n}`)}</Typography.Text>
                  </Flex>
                ))}
              </Flex>
            </Col>
          </Row>
        </div>
      </section>

      <section className="oc-section">
        <div
          className="oc-container"
          style={{
            textAlign: 'center',
            padding: 'clamp(32px, 6vw, 64px) 24px',
            borderRadius: 24,
            background: `linear-gradient(135deg, ${token.colorPrimary}, #13c2c2)`,
          }}
        >
          <Typography.Title level={2} style={{ color: '#fff', marginTop: 0 }}>
            {t('marketing.ctaTitle')}
          </Typography.Title>
          <Typography.Paragraph style={{ color: 'rgba(255,255,255,.85)', fontSize: 16 }}>
            {t('marketing.ctaText')}
          </Typography.Paragraph>
          <Flex gap={12} justify="center" wrap>
            <Link to="/auth/register">
              <Button size="large">{t('auth.signUp')}</Button>
            </Link>
            <Link to="/auth/login">
              <Button size="large" ghost>
                {t('auth.signIn')}
              </Button>
            </Link>
          </Flex>
        </div>
      </section>
    </MarketingLayout>
  );
}
