/**
 * Every system setting the platform knows. `public` keys are readable without signing in;
 * `secret` keys are stored encrypted and never returned whole.
 */
export const SYSTEM_SETTINGS = {
  'system.mode': { public: true, secret: false, default: 'platform' },
  'system.name': { public: true, secret: false, default: 'OmniChat' },
  'system.logo': { public: true, secret: false, default: '' },
  'system.copyright': { public: true, secret: false, default: '' },
  'system.privacy.pdf': { public: true, secret: false, default: '' },
  'system.terms.pdf': { public: true, secret: false, default: '' },
  /**
   * where the public pages' "Contact us" writes to; empty: the SMTP sender's address, else the first system admin's
   * e-mail (a fresh install's placeholder address excepted), else the about page's contact section says so
   */
  'system.contact.email': { public: true, secret: false, default: '' },
  /** the source code's address, shown on the about page; empty hides the link */
  // where this site's source code is published: the public pages' "Get the source code" link (none until set)
  'system.source.url': { public: true, secret: false, default: '' },
  'google.client.id': { public: true, secret: false, default: '' },
  'smtp.host': { public: false, secret: false, default: '' },
  'smtp.port': { public: false, secret: false, default: '587' },
  'smtp.security': { public: false, secret: false, default: 'starttls' },
  'smtp.user': { public: false, secret: false, default: '' },
  'smtp.password': { public: false, secret: true, default: '' },
  'smtp.sender': { public: false, secret: false, default: '' },
  /** JSON arrays of workspace permissions given to new organizations' members and to new teams */
  'defaults.member.permissions': { public: false, secret: false, default: '' },
  'defaults.team.permissions': { public: false, secret: false, default: '[]' },
  /** limits copied into each new organization; empty means unlimited */
  'defaults.workspace.max_seats': { public: false, secret: false, default: '' },
  'defaults.workspace.member_limit': { public: false, secret: false, default: '' },
  'defaults.workspace.channel_limit': { public: false, secret: false, default: '' },
  'defaults.workspace.ai_agent_limit': { public: false, secret: false, default: '' },
  'defaults.workspace.trial_days': { public: false, secret: false, default: '0' },
  /** days after which read, and any, notifications are removed; empty keeps them */
  'notification.read.remove_after_days': { public: false, secret: false, default: '' },
  'notification.any.remove_after_days': { public: false, secret: false, default: '' },
  /** `true`: plans decide menus, limits and features, and the wallet is charged; `false` (a fresh install): none of it */
  'billing.enabled': { public: true, secret: false, default: 'false' },
  'stripe.publishable_key': { public: true, secret: false, default: '' },
  'stripe.secret_key': { public: false, secret: true, default: '' },
  'stripe.webhook_secret': { public: false, secret: true, default: '' },
  'omnichannel.meta.app_id': { public: false, secret: false, default: '' },
  'omnichannel.meta.app_secret': { public: false, secret: true, default: '' },
  'omnichannel.meta.verify_token': { public: false, secret: true, default: '' },
  /** JSON list of template prices: {category, country (ISO alpha-2 or "default"), price_cents}; empty: free */
  'omnichannel.template.prices': { public: false, secret: false, default: '[]' },
  'cs_agent.llm.base_url': { public: false, secret: false, default: '' },
  'cs_agent.llm.api_key': { public: false, secret: true, default: '' },
  'cs_agent.llm.model': { public: false, secret: false, default: '' },
  /** the embeddings model of the same provider; empty: retrieval by full-text search only */
  'cs_agent.llm.embedding_model': { public: false, secret: false, default: '' },
  /** tokens (in and out) a new organization's CS agents may use per month; empty: no budget */
  'cs_agent.monthly_token_budget_default': { public: false, secret: false, default: '' },
  /** AI answers per conversation per hour at most (a guard against answering another bot forever); empty: no cap */
  'cs_agent.max_answers_per_hour': { public: false, secret: false, default: '20' },
  /** what an AI answer sent to a customer costs, in cents, from the organization's wallet with billing on; 0: free */
  'cs_agent.answer_price_cents': { public: false, secret: false, default: '0' },
} as const satisfies Record<string, { public: boolean; secret: boolean; default: string }>;
export type SystemSettingKey = keyof typeof SYSTEM_SETTINGS;
export const SYSTEM_SETTING_KEYS = Object.keys(SYSTEM_SETTINGS) as SystemSettingKey[];
export const isSystemSettingKey = (key: string): key is SystemSettingKey => Object.hasOwn(SYSTEM_SETTINGS, key);
export const PUBLIC_SETTING_KEYS = SYSTEM_SETTING_KEYS.filter((key) => SYSTEM_SETTINGS[key].public);
