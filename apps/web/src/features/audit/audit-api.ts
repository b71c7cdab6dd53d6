import { type AuditLogEntry, auditEndpoints, type PageInfo } from '@omnichat/contracts';
import { http } from '../../app/http/index.ts';

export type { AuditLogEntry };

/** Which log a table reads: an organization's own (owner/admin) or the whole platform's (system admins). */
export type AuditScope = 'organization' | 'platform';

export interface AuditFilters {
  page: number;
  size: number;
  action?: string;
}

export interface AuditPage {
  items: AuditLogEntry[];
  page: PageInfo | undefined;
}

export const auditKeys = {
  list: (scope: AuditScope, workspaceId: string | null, filters: AuditFilters) =>
    ['audit-logs', scope, workspaceId, filters] as const,
};

/** Actions an organization's log holds. */
const ORGANIZATION_ACTIONS = [
  'member.invite',
  'member.invite.resend',
  'member.invite.revoke',
  'member.join',
  'member.leave',
  'member.role',
  'member.activate',
  'member.deactivate',
  'member.remove',
  'member.permission.update',
  'permission.default.update',
  'team.create',
  'team.update',
  'team.delete',
  'workspace.create',
  'workspace.limits.update',
  'workspace.delete',
  // an operator's billing changes to this organization (recorded with its id)
  'subscription.comp',
  'subscription.trial_extend',
  'wallet.adjust',
] as const;

/** Actions only the platform log holds. */
const PLATFORM_ACTIONS = [
  'setting.update',
  'system_admin.create',
  'system_admin.status',
  'system_admin.permission.update',
  'user.status',
  'user.reset_password',
  'subscription_plan.create',
  'subscription_plan.update',
  'subscription_plan.delete',
] as const;

/** The actions the filter offers, per log. */
export const KNOWN_ACTIONS: Record<AuditScope, readonly string[]> = {
  organization: ORGANIZATION_ACTIONS,
  platform: [...ORGANIZATION_ACTIONS, ...PLATFORM_ACTIONS],
};

/** The catalogue key of a known action's label (i18next keys cannot hold dots), or null for an unknown one. */
export const actionLabelKey = (action: string): string | null =>
  KNOWN_ACTIONS.platform.includes(action) ? `auditLog.actions.${action.replace(/\./g, '_')}` : null;

/** The kinds of target the log names, each with a label in `auditLog.targetTypes`. */
export const TARGET_TYPES: readonly string[] = [
  'member',
  'invite',
  'workspace',
  'team',
  'system_admin',
  'user',
  'system_setting',
  'subscription_plan',
];

/** The catalogue key of a known target type's label, or null for one the app does not know. */
export const targetTypeLabelKey = (type: string): string | null =>
  TARGET_TYPES.includes(type) ? `auditLog.targetTypes.${type}` : null;

/** GET the log newest first; data is the entries, paging sits in the envelope. */
export async function listAuditLogs(scope: AuditScope, filters: AuditFilters): Promise<AuditPage> {
  const { data, page } = await http.callEnvelope(auditEndpoints[scope], {
    query: { page: filters.page, size: filters.size, action: filters.action },
  });
  return { items: data, page };
}

export interface ChangeLine {
  key: string;
  before: string;
  after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as a change line shows it when nothing better is known: text as it is, anything else as JSON. */
export const show = (value: unknown): string => {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
};

/**
 * The changes of an entry as "key: old → new" lines when before and after are objects (or one is empty);
 * null when they are something else (shown as JSON). A key that after leaves out is context (e.g. the
 * member's username), not a change, unless after is empty altogether (a deletion). `format` writes a value
 * (the page passes one that speaks the reader's language).
 */
export function changeLines(
  before: unknown,
  after: unknown,
  format: (key: string, value: unknown) => string = (_key, value) => show(value),
): ChangeLine[] | null {
  const empty = (value: unknown) => value === null || value === undefined;
  if (!(isRecord(before) || empty(before)) || !(isRecord(after) || empty(after))) return null;
  const old = isRecord(before) ? before : {};
  const next = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(old), ...Object.keys(next)])];
  const lines: ChangeLine[] = [];
  for (const key of keys) {
    if (!empty(after) && !(key in next)) continue;
    if (JSON.stringify(old[key]) === JSON.stringify(next[key])) continue;
    lines.push({ key, before: format(key, old[key]), after: format(key, next[key]) });
  }
  return lines;
}
