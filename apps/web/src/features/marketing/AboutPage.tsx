import { HeartOutlined, LockOutlined, RocketOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Row, Typography, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePublicSettings } from '../../app/queries.ts';
import { FeatureCard } from './FeatureCard.tsx';
import { MarketingLayout } from './MarketingLayout.tsx';
import { PLACEHOLDERS, useStaticPage, WhenSet } from './static-page.tsx';
import { sectionTitleStyle } from './styles.ts';

const SECTIONS: { key: 'Mission' | 'Open' | 'Privacy'; icon: ReactNode }[] = [
  { key: 'Mission', icon: <RocketOutlined /> },
  { key: 'Open', icon: <HeartOutlined /> },
  { key: 'Privacy', icon: <LockOutlined /> },
];

/** This site's own address (with its real port), the address a fresh install answers at too. */
const siteOrigin = () => (typeof window === 'undefined' ? 'http://localhost:3000' : window.location.origin);

/** #self-hosting: where the pricing page's free self-hosted tier leads. */
function SelfHostingSection() {
  const { t } = useTranslation();
  const staticPage = useStaticPage();
  const settings = usePublicSettings();
  const source = staticPage ? PLACEHOLDERS.source : settings.data?.['system.source.url']?.trim();
  return (
    <section id="self-hosting" aria-labelledby="self-hosting-title" style={{ marginTop: 56 }}>
      <Typography.Title level={2} id="self-hosting-title">
        {t('marketing.selfHostTitle')}
      </Typography.Title>
      <Typography.Paragraph>{t('marketing.selfHostText')}</Typography.Paragraph>
      <ol>
        <li>
          <WhenSet
            when="source"
            value={source}
            then={
              <Typography.Link href={source} target="_blank" rel="noopener">
                {t('marketing.selfHostStep1')}
              </Typography.Link>
            }
            otherwise={t('marketing.selfHostStep1')}
          />
        </li>
        <li>
          {t('marketing.selfHostStep2')} <Typography.Text code>npm install && npm start</Typography.Text>
        </li>
        <li>{t('marketing.selfHostStep3', { origin: staticPage ? PLACEHOLDERS.origin : siteOrigin() })}</li>
      </ol>
      <Typography.Paragraph type="secondary">{t('marketing.selfHostDocs')}</Typography.Paragraph>
    </section>
  );
}

/** #contact: the platform's published contact address, where the pricing page's "Contact us" leads without one. */
function ContactSection() {
  const { t } = useTranslation();
  const staticPage = useStaticPage();
  const settings = usePublicSettings();
  const email = staticPage ? PLACEHOLDERS.email : settings.data?.['system.contact.email'];
  return (
    <section id="contact" aria-labelledby="contact-title" style={{ marginTop: 40 }}>
      <Typography.Title level={2} id="contact-title">
        {t('marketing.contactTitle')}
      </Typography.Title>
      <WhenSet
        when="email"
        value={email}
        then={
          <>
            <Typography.Paragraph>{t('marketing.contactText')}</Typography.Paragraph>
            <Button type="primary" href={`mailto:${email}`}>
              {t('marketing.contactWrite', { email })}
            </Button>
          </>
        }
        otherwise={<Typography.Paragraph>{t('marketing.contactNoEmail')}</Typography.Paragraph>}
      />
    </section>
  );
}

/** Scrolls to the section the address names (#self-hosting, #contact) once the page is drawn. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash]);
}

/** /about */
export function AboutPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  useScrollToHash();
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
                  level={2}
                  icon={section.icon}
                  color={token.colorPrimary}
                  title={t(`marketing.about${section.key}Title`)}
                  text={t(`marketing.about${section.key}Text`)}
                />
              </Col>
            ))}
          </Row>
          <SelfHostingSection />
          <ContactSection />
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
