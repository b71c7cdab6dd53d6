import { HeartOutlined, LockOutlined, RocketOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Row, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FeatureCard } from './FeatureCard.tsx';
import { MarketingLayout } from './MarketingLayout.tsx';
import { sectionTitleStyle } from './styles.ts';

const SECTIONS: { key: 'Mission' | 'Open' | 'Privacy'; icon: ReactNode }[] = [
  { key: 'Mission', icon: <RocketOutlined /> },
  { key: 'Open', icon: <HeartOutlined /> },
  { key: 'Privacy', icon: <LockOutlined /> },
];

/** /about */
export function AboutPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <MarketingLayout title={t('marketing.about')}>
      <section className="oc-section">
        <div className="oc-container" style={{ maxWidth: 960 }}>
          <Typography.Title style={{ ...sectionTitleStyle, marginTop: 0 }}>
            {t('marketing.aboutTitle')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', fontSize: 18, marginBottom: 48 }}>
            {t('marketing.aboutLead')}
          </Typography.Paragraph>
          <Row gutter={[24, 24]}>
            {SECTIONS.map((section) => (
              <Col key={section.key} xs={24} md={8}>
                <FeatureCard
                  icon={section.icon}
                  color={token.colorPrimary}
                  title={t(`marketing.about${section.key}Title`)}
                  text={t(`marketing.about${section.key}Text`)}
                />
              </Col>
            ))}
          </Row>
          <Flex justify="center" gap={12} wrap style={{ marginTop: 48 }}>
            <Link to="/auth/register">
              <Button type="primary" size="large">
                {t('marketing.getStarted')}
              </Button>
            </Link>
            <Link to="/pricing">
              <Button size="large">{t('marketing.seePricing')}</Button>
            </Link>
          </Flex>
        </div>
      </section>
    </MarketingLayout>
  );
}
