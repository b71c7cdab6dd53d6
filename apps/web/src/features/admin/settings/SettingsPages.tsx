import { Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { LlmTestCard } from './LlmTestCard.tsx';
import { SettingsForm, type SettingValues } from './SettingsForm.tsx';
import { SmtpTestCard } from './SmtpTestCard.tsx';
import { StripeTestCard } from './StripeTestCard.tsx';
import type { SettingSection } from './setting-fields.ts';
import {
  CS_AGENT_SECTIONS,
  GOOGLE_SECTIONS,
  NOTIFICATION_SECTIONS,
  OMNICHANNEL_SECTIONS,
  SMTP_SECTIONS,
  STRIPE_SECTIONS,
  SYSTEM_SECTIONS,
} from './settings-pages.ts';
import { TemplatePricesCard } from './TemplatePricesCard.tsx';

interface SettingsPageProps {
  /** Title key under admin.* (the sidebar label). */
  titleKey: string;
  name: string;
  sections: SettingSection[];
}

function SettingsPage({ titleKey, name, sections }: SettingsPageProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`admin.${titleKey}`)} />
      <SettingsForm name={name} sections={sections} />
    </>
  );
}

export const SystemSettingsPage = () => (
  <SettingsPage titleKey="system" name="settings-system" sections={SYSTEM_SECTIONS} />
);
export const NotificationSettingsPage = () => (
  <SettingsPage titleKey="notification" name="settings-notification" sections={NOTIFICATION_SECTIONS} />
);
export const GoogleSettingsPage = () => (
  <SettingsPage titleKey="google" name="settings-google" sections={GOOGLE_SECTIONS} />
);
/** /admin/settings/stripe: billing on or off, the Stripe keys, and a connection test. */
export function StripeSettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.stripe')} />
      <Flex vertical gap={16}>
        <SettingsForm name="settings-stripe" sections={STRIPE_SECTIONS} />
        <StripeTestCard />
      </Flex>
    </>
  );
}
/** /admin/settings/omnichannel: Meta's app settings and the template price table. */
export function OmnichannelSettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.omnichannel')} />
      <Flex vertical gap={16}>
        <SettingsForm name="settings-omnichannel" sections={OMNICHANNEL_SECTIONS} />
        <TemplatePricesCard />
      </Flex>
    </>
  );
}
/** /admin/settings/cs-agent: the CS agents' AI provider, their defaults, and a connection test of what is typed. */
export function CsAgentSettingsPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettingValues>();
  return (
    <>
      <PageHeader title={t('admin.csAgent')} />
      <Flex vertical gap={16}>
        <SettingsForm name="settings-cs-agent" sections={CS_AGENT_SECTIONS} form={form} />
        <LlmTestCard form={form} />
      </Flex>
    </>
  );
}

/** /admin/settings/smtp-server: the SMTP form and the test e-mail. */
export function SmtpSettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.smtpServer')} />
      <Flex vertical gap={16}>
        <SettingsForm name="settings-smtp" sections={SMTP_SECTIONS} />
        <SmtpTestCard />
      </Flex>
    </>
  );
}
