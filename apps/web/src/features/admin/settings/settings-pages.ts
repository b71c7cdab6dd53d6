import type { SettingSection } from './setting-fields.ts';

/** The fields of each settings page (SPEC 2 settings group). */
export const SYSTEM_SECTIONS: SettingSection[] = [
  {
    title: 'systemSection',
    fields: [
      {
        key: 'system.mode',
        kind: 'select',
        label: 'mode',
        options: [
          { value: 'platform', label: 'modePlatform' },
          { value: 'single', label: 'modeSingle' },
        ],
      },
      { key: 'system.name', kind: 'text', label: 'name' },
      { key: 'system.logo', kind: 'image', label: 'logo' },
      { key: 'system.copyright', kind: 'text', label: 'copyright' },
      { key: 'system.contact.email', kind: 'text', label: 'contactEmail', hint: 'contactEmailHint' },
      { key: 'system.source.url', kind: 'text', label: 'sourceUrl', hint: 'sourceUrlHint' },
      { key: 'system.privacy.pdf', kind: 'pdf', label: 'privacyPdf' },
      { key: 'system.terms.pdf', kind: 'pdf', label: 'termsPdf' },
    ],
  },
  {
    title: 'defaultsSection',
    fields: [
      { key: 'defaults.workspace.max_seats', kind: 'number', label: 'maxSeats' },
      { key: 'defaults.workspace.member_limit', kind: 'number', label: 'memberLimit' },
      { key: 'defaults.workspace.channel_limit', kind: 'number', label: 'channelLimit' },
      { key: 'defaults.workspace.ai_agent_limit', kind: 'number', label: 'aiAgentLimit' },
      { key: 'defaults.workspace.trial_days', kind: 'number', label: 'trialDays' },
      { key: 'defaults.member.permissions', kind: 'workspace-permissions', label: 'memberPermissions' },
      { key: 'defaults.team.permissions', kind: 'workspace-permissions', label: 'teamPermissions' },
    ],
  },
];

export const NOTIFICATION_SECTIONS: SettingSection[] = [
  {
    fields: [
      { key: 'notification.read.remove_after_days', kind: 'number', label: 'readRemoveAfter', hint: 'emptyForever' },
      { key: 'notification.any.remove_after_days', kind: 'number', label: 'anyRemoveAfter', hint: 'emptyForever' },
    ],
  },
];

export const SMTP_SECTIONS: SettingSection[] = [
  {
    fields: [
      { key: 'smtp.host', kind: 'text', label: 'smtpHost' },
      { key: 'smtp.port', kind: 'number', label: 'smtpPort' },
      {
        key: 'smtp.security',
        kind: 'select',
        label: 'smtpSecurity',
        options: [
          { value: 'none', label: 'securityNone' },
          { value: 'ssl', label: 'securitySsl' },
          { value: 'starttls', label: 'securityStarttls' },
        ],
      },
      { key: 'smtp.user', kind: 'text', label: 'smtpUser' },
      { key: 'smtp.password', kind: 'secret', label: 'smtpPassword' },
      { key: 'smtp.sender', kind: 'text', label: 'smtpSender' },
    ],
  },
];

export const GOOGLE_SECTIONS: SettingSection[] = [
  { fields: [{ key: 'google.client.id', kind: 'text', label: 'googleClientId' }] },
];

export const STRIPE_SECTIONS: SettingSection[] = [
  {
    fields: [
      { key: 'billing.enabled', kind: 'switch', label: 'billingEnabled', hint: 'billingEnabledHint' },
      { key: 'stripe.publishable_key', kind: 'text', label: 'stripePublishableKey' },
      { key: 'stripe.secret_key', kind: 'secret', label: 'stripeSecretKey' },
      { key: 'stripe.webhook_secret', kind: 'secret', label: 'stripeWebhookSecret' },
    ],
  },
];

export const OMNICHANNEL_SECTIONS: SettingSection[] = [
  {
    fields: [
      { key: 'omnichannel.meta.app_id', kind: 'text', label: 'metaAppId' },
      { key: 'omnichannel.meta.app_secret', kind: 'secret', label: 'metaAppSecret' },
      { key: 'omnichannel.meta.verify_token', kind: 'secret', label: 'metaVerifyToken' },
    ],
  },
];

export const CS_AGENT_SECTIONS: SettingSection[] = [
  {
    fields: [
      { key: 'cs_agent.llm.base_url', kind: 'text', label: 'llmBaseUrl', hint: 'llmBaseUrlHint' },
      { key: 'cs_agent.llm.api_key', kind: 'secret', label: 'llmApiKey' },
      { key: 'cs_agent.llm.model', kind: 'text', label: 'llmModel', hint: 'llmModelHint' },
      {
        key: 'cs_agent.llm.embedding_model',
        kind: 'text',
        label: 'llmEmbeddingModel',
        hint: 'llmEmbeddingModelHint',
      },
      {
        key: 'cs_agent.monthly_token_budget_default',
        kind: 'number',
        label: 'llmTokenBudget',
        hint: 'llmTokenBudgetHint',
      },
      {
        key: 'cs_agent.answer_price_cents',
        kind: 'cents',
        label: 'llmAnswerPrice',
        hint: 'llmAnswerPriceHint',
      },
      {
        key: 'cs_agent.max_answers_per_hour',
        kind: 'number',
        label: 'llmAnswersPerHour',
        hint: 'llmAnswersPerHourHint',
      },
    ],
  },
];
