import { DEFAULT_MEMBER_PERMISSIONS, WORKSPACE_PERMISSIONS } from '@omnichat/contracts';
import type { SettingsReader } from '../../platform/settings/settings-reader.ts';

const limit = (value: string): number | null => (/^\d+$/.test(value.trim()) ? Number(value) : null);

/** A JSON list of permission names, keeping only known ones; `fallback` when unset or unreadable. */
export function permissionList(value: string, fallback: string[]): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return fallback;
    return parsed.filter((name): name is string => (WORKSPACE_PERMISSIONS as readonly string[]).includes(name));
  } catch {
    return fallback;
  }
}

/** The limits and default member permissions a new organization starts with (system settings `defaults.*`). */
export async function creationDefaults(settings: SettingsReader) {
  const values = await settings.values([
    'defaults.workspace.max_seats',
    'defaults.workspace.member_limit',
    'defaults.workspace.channel_limit',
    'defaults.workspace.ai_agent_limit',
    'defaults.workspace.trial_days',
    'defaults.member.permissions',
  ]);
  return {
    maxSeats: limit(values['defaults.workspace.max_seats']),
    memberLimit: limit(values['defaults.workspace.member_limit']),
    channelLimit: limit(values['defaults.workspace.channel_limit']),
    aiAgentLimit: limit(values['defaults.workspace.ai_agent_limit']),
    trialDays: limit(values['defaults.workspace.trial_days']) ?? 0,
    defaultMemberPermissions: permissionList(values['defaults.member.permissions'], DEFAULT_MEMBER_PERMISSIONS),
  };
}
