import { AndroidOutlined, AppleOutlined, DesktopOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useInstallPrompt } from './install-prompt.ts';
import './i18n/mobileApp.ts';

function Steps({ icon, title, steps }: { icon: ReactNode; title: string; steps: string }) {
  return (
    <Card size="small" title={title} extra={icon} style={{ height: '100%' }}>
      <Typography.Paragraph style={{ margin: 0 }}>{steps}</Typography.Paragraph>
    </Card>
  );
}

/** /app/mobile-app: installing the organization app, with the browser's real prompt where it has one. */
export function MobileAppPage() {
  const { t } = useTranslation();
  const { installed, install } = useInstallPrompt();
  return (
    <>
      <PageHeader
        title={t('pages.mobileApp')}
        extra={
          install && (
            <Button type="primary" icon={<DownloadOutlined />} onClick={() => void install()}>
              {t('mobileApp.install')}
            </Button>
          )
        }
      />
      <Typography.Paragraph>{t('mobileApp.intro')}</Typography.Paragraph>
      {installed ? (
        <Alert type="success" showIcon title={t('mobileApp.installed')} style={{ marginBottom: 16 }} />
      ) : (
        !install && <Alert type="info" showIcon title={t('mobileApp.unavailable')} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Steps icon={<AndroidOutlined />} title={t('mobileApp.androidTitle')} steps={t('mobileApp.androidSteps')} />
        </Col>
        <Col xs={24} md={8}>
          <Steps icon={<AppleOutlined />} title={t('mobileApp.iosTitle')} steps={t('mobileApp.iosSteps')} />
        </Col>
        <Col xs={24} md={8}>
          <Steps icon={<DesktopOutlined />} title={t('mobileApp.desktopTitle')} steps={t('mobileApp.desktopSteps')} />
        </Col>
      </Row>
    </>
  );
}
