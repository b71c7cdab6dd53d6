import { Col, Flex, Row, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { featureAccess, flattenLinks, resolveMenu } from '../../app/layouts/menu-model.ts';
import { ORGANIZATION_MENU } from '../../app/layouts/organization-menu.tsx';
import { useCurrentSubscription, useMemberPermissions } from '../../app/queries.ts';
import { useSession } from '../../app/session/use-session.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Facts, Panel } from '../../ui/Panel.tsx';
import { Heading, Text } from '../../ui/text.tsx';

/** /app/dashboard: who you are in this organization, and shortcuts to what you may open. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { member, user, isAdmin } = useSession();
  const permissions = useMemberPermissions();
  const plan = useCurrentSubscription();
  const held = permissions.data ?? member?.permissions ?? [];
  const links = useMemo(
    () =>
      flattenLinks(resolveMenu(ORGANIZATION_MENU, { isAdmin, permissions: held, ...featureAccess(plan.data) })).filter(
        (item) => !item.lock && item.link !== '/app/dashboard',
      ),
    [isAdmin, held, plan.data],
  );
  const name = user?.display_name || user?.username || '';
  return (
    <>
      <PageHeader title={t('nav.dashboard')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Panel style={{ height: '100%' }}>
            <Heading level={4} style={{ marginBottom: 8 }}>
              {t('dashboard.welcome', { name })}
            </Heading>
            <p style={{ marginTop: 0 }}>
              <Text secondary>{t('dashboard.welcomeText', { workspace: member?.workspace.name ?? '' })}</Text>
            </p>
            <Facts
              items={[
                {
                  label: t('dashboard.role'),
                  value: member ? <Tag color="blue">{t(`roles.${member.role}`)}</Tag> : '-',
                },
                { label: t('dashboard.timeZone'), value: member?.workspace.time_zone ?? '-' },
                {
                  label: t('dashboard.plan'),
                  value: plan.data?.plan_name ?? plan.data?.plan_tag ?? t('dashboard.noPlan'),
                },
              ]}
            />
          </Panel>
        </Col>
        <Col xs={24} lg={10}>
          <Panel title={t('dashboard.quickLinks')} style={{ height: '100%' }}>
            <Flex gap={8} wrap>
              {links.map((item) => (
                <Link key={item.key} to={item.link ?? '/app/dashboard'}>
                  <Tag icon={item.icon} style={{ padding: '4px 10px', fontSize: 14, cursor: 'pointer' }}>
                    {t(item.name)}
                  </Tag>
                </Link>
              ))}
            </Flex>
          </Panel>
        </Col>
      </Row>
    </>
  );
}
