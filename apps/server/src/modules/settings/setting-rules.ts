import type { MessageKey } from '@omnichat/contracts';
import {
  emailField,
  INT32_MAX,
  type SystemSettingKey,
  templatePriceTableSchema,
  WORKSPACE_PERMISSIONS,
} from '@omnichat/contracts';

const LIMIT_KEYS = new Set<SystemSettingKey>([
  'defaults.workspace.max_seats',
  'defaults.workspace.member_limit',
  'defaults.workspace.channel_limit',
  'defaults.workspace.ai_agent_limit',
  'defaults.workspace.trial_days',
  'notification.read.remove_after_days',
  'notification.any.remove_after_days',
  'cs_agent.max_answers_per_hour',
]);
const PERMISSION_KEYS = new Set<SystemSettingKey>(['defaults.member.permissions', 'defaults.team.permissions']);
const known = new Set<string>(WORKSPACE_PERMISSIONS);

function isPriceTable(value: string): boolean {
  try {
    return templatePriceTableSchema.safeParse(JSON.parse(value)).success;
  } catch {
    return false;
  }
}

function isPermissionList(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) && parsed.every((item) => typeof item === 'string' && known.has(item));
  } catch {
    return false;
  }
}

/** The catalogue key of what is wrong with a setting's value, or null when it is acceptable. */
export function settingValueProblem(key: SystemSettingKey, value: string): MessageKey | null {
  const trimmed = value.trim();
  if (LIMIT_KEYS.has(key)) {
    return trimmed === '' || (/^\d{1,9}$/.test(trimmed) && Number(trimmed) <= INT32_MAX)
      ? null
      : 'setting_invalid_limit';
  }
  // tokens in a month run past a 32-bit number on a busy organization: any whole number JavaScript counts exactly
  if (key === 'cs_agent.monthly_token_budget_default')
    return trimmed === '' || /^\d{1,15}$/.test(trimmed) ? null : 'setting_invalid_limit';
  if (key === 'cs_agent.answer_price_cents')
    return /^\d{1,9}$/.test(trimmed) && Number(trimmed) <= INT32_MAX ? null : 'setting_invalid_price';
  if (key === 'system.source.url' || key === 'cs_agent.llm.base_url')
    return trimmed === '' || /^https?:\/\/[^\s]+$/i.test(trimmed) ? null : 'url_invalid';
  if (PERMISSION_KEYS.has(key))
    return trimmed === '' || isPermissionList(trimmed) ? null : 'setting_invalid_permissions';
  if (key === 'omnichannel.template.prices')
    return trimmed === '' || isPriceTable(trimmed) ? null : 'setting_invalid_prices';
  if (key === 'system.contact.email')
    return trimmed === '' || emailField.safeParse(trimmed).success ? null : 'invalid_email_format';
  return null;
}
