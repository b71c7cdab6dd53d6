import type {
  Admin,
  Channel,
  CsAgent,
  CsInstruction,
  Customer,
  KnowledgeArticleSummary,
  SelfWorkspace,
  Subscription,
  User,
  WhatsappTemplate,
  WorkspaceMember,
} from '@omnichat/contracts';

export const USER: User = {
  id: '9a8d1d0c-2222-4c57-9d0a-1f2a3b4c5d6e',
  username: 'amy',
  display_name: 'Amy Chan',
  email: 'amy@example.com',
  avatar: 'data:image/png;base64,AAAA',
  status: 'active',
  email_verified: true,
  invited: false,
  invited_at: 0,
  created_at: 1_700_000_000,
};

export const WORKSPACES: SelfWorkspace[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'First Org',
    avatar: '',
    time_zone: 'UTC',
    default_country: null,
    opt_out_keywords: ['STOP', 'UNSUBSCRIBE'],
    member_id: 'aaaaaaaa-1111-4111-8111-111111111111',
    role: 'owner',
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Second Org',
    avatar: 'data:image/png;base64,BBBB',
    time_zone: 'Asia/Hong_Kong',
    default_country: 'HK',
    opt_out_keywords: ['STOP', 'UNSUBSCRIBE'],
    member_id: 'bbbbbbbb-2222-4222-8222-222222222222',
    role: 'member',
  },
];

export function memberOf(workspace: SelfWorkspace, permissions: string[] = []): WorkspaceMember {
  return {
    id: workspace.member_id,
    role: workspace.role,
    permissions,
    active: true,
    invited: false,
    joined_at: 1_700_000_000,
    availability: 'online',
    workspace: {
      id: workspace.id,
      name: workspace.name,
      avatar: workspace.avatar,
      time_zone: workspace.time_zone,
      default_country: workspace.default_country,
      opt_out_keywords: workspace.opt_out_keywords,
      user: USER,
    },
  };
}

export const ADMIN: Admin = {
  id: '33333333-3333-4333-8333-333333333333',
  username: 'root',
  display_name: 'Root Admin',
  email: 'root@example.com',
  avatar: '',
  admin: true,
  status: 'active',
  permissions: [],
  created_at: 1_700_000_000,
};

export const PUBLIC_SETTINGS = [
  { key: 'system.mode', value: 'platform' },
  { key: 'system.name', value: 'OmniChat' },
  { key: 'system.logo', value: '' },
  { key: 'google.client.id', value: '' },
];

/** A connected WhatsApp channel as the channels API answers it (secrets as their last characters). */
export const whatsappChannel = (id = '60000000-0000-4000-8000-000000000001', name = 'Sales line'): Channel => ({
  id,
  type: 'whatsapp',
  name,
  status: 'active',
  webhook_url: `https://chat.example.com/webhooks/meta/${id}`,
  phone_number_id: '1234567890',
  business_account_id: '9876543210',
  page_id: null,
  instagram_account_id: null,
  access_token_hint: '…abcd',
  app_secret_hint: '…wxyz',
  verify_token: 'f00dfeed',
  widget_key: null,
  allowed_origins: [],
  auto_assign: { mode: 'off', team_id: null, max_open_per_member: null },
  widget: null,
  messages_per_second: 80,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
});

/** An approved WhatsApp template of the channel, with two placeholders. */
export const approvedTemplate = (extra: Partial<WhatsappTemplate> = {}): WhatsappTemplate => ({
  id: '70000000-0000-4000-8000-000000000002',
  channel_id: whatsappChannel().id,
  name: 'order_update',
  language: 'en_US',
  category: 'utility',
  status: 'approved',
  rejected_reason: null,
  quality: null,
  external_id: '1234567890123456',
  header: { type: 'none' },
  body: 'Hi {{1}}, order {{2}} shipped',
  footer: null,
  parameters: [],
  buttons: [],
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  ...extra,
});

/** GET /v1/subscription/current as the server answers it: by default billing off, not subscribed, nothing locked. */
export const subscriptionFixture = (overrides: Partial<Subscription> = {}): Subscription => ({
  plan_tag: null,
  plan_name: null,
  status: 'not_subscribed',
  billing_cycle: null,
  start: null,
  end: null,
  next_billing_date: null,
  trial_end: null,
  auto_renewal: false,
  paid_price_cents: null,
  currency: null,
  next_plan_tag: null,
  billing_enabled: false,
  features: ['broadcast', 'workflow', 'cs_agent', 'salesforce'],
  ...overrides,
});

/** A customer as `GET /v1/customers/:id` answers: Amy Chan, reachable by phone, nothing else filled. */
export const customerFixture = (extra: Partial<Customer> = {}): Customer => ({
  id: '40000000-0000-4000-8000-000000000001',
  salutation: null,
  first_name: 'Amy',
  last_name: 'Chan',
  display_name: 'Amy Chan',
  company: null,
  email: 'amy@example.com',
  phone: '+85251234567',
  whatsapp_id: null,
  facebook_id: null,
  instagram_id: null,
  address_line1: null,
  address_line2: null,
  city: null,
  state: null,
  zip: null,
  country: null,
  source: 'manual',
  note: null,
  tags: [],
  custom_fields: {},
  marketing_opt_out: false,
  marketing_opt_out_at: null,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  ...extra,
});

/** An AI agent as `GET /v1/cs-agents/:id` answers: friendly, no channel, no budget. */
export const csAgentFixture = (extra: Partial<CsAgent> = {}): CsAgent => ({
  id: '80000000-0000-4000-8000-000000000001',
  name: 'Ava',
  show_name_to_customer: true,
  response_tone: 'friendly',
  response_features: [],
  channel_ids: [],
  handoff_team_id: null,
  handoff_message: null,
  monthly_token_budget: null,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  ...extra,
});

/** An instruction of the agent above. */
export const csInstructionFixture = (extra: Partial<CsInstruction> = {}): CsInstruction => ({
  id: '81000000-0000-4000-8000-000000000001',
  agent_id: csAgentFixture().id,
  position: 0,
  title: 'Refunds',
  condition: 'the customer asks about a refund',
  content: 'Refunds take five working days.',
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  ...extra,
});

/** A knowledge article of the agent above as its list answers it, indexed in two passages. */
export const knowledgeSummaryFixture = (extra: Partial<KnowledgeArticleSummary> = {}): KnowledgeArticleSummary => ({
  id: '82000000-0000-4000-8000-000000000001',
  agent_id: csAgentFixture().id,
  title: 'Opening hours',
  source: 'editor',
  source_name: null,
  passages: 2,
  indexed_at: 1_700_000_000,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  excerpt: 'We are open from 9 to 6',
  content_length: 23,
  ...extra,
});
