import {
  isSystemSettingKey,
  PUBLIC_SETTING_KEYS,
  type Setting,
  SYSTEM_SETTINGS,
  type SystemSettingKey,
} from '@omnichat/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { SecretSealer } from '../../platform/secrets/secret-box.ts';
import { settingValueProblem } from './setting-rules.ts';
import { systemSettings } from './settings.tables.ts';

/** What a browser sees instead of a stored secret; sending it back unchanged keeps the secret. */
export const SECRET_MASK = '********';

export type SettingsService = ReturnType<typeof createSettingsService>;
export type SettingsChange = { before: Record<string, string>; after: Record<string, string> };

const isSecret = (key: SystemSettingKey) => SYSTEM_SETTINGS[key].secret;

/** Secret settings are stored sealed by `box` and opened on read; the rest are stored as they are. */
export function createSettingsService(database: Database, box: SecretSealer) {
  async function values<K extends SystemSettingKey>(keys: readonly K[]): Promise<Record<K, string>> {
    const rows = keys.length
      ? await database.platform((db) =>
          db
            .select()
            .from(systemSettings)
            .where(inArray(systemSettings.key, [...keys])),
        )
      : [];
    const stored = new Map(rows.map((row) => [row.key, row.value]));
    return Object.fromEntries(
      keys.map((key) => {
        const value = stored.get(key);
        if (value === undefined) return [key, SYSTEM_SETTINGS[key].default];
        return [key, isSecret(key) ? box.open(value) : value];
      }),
    ) as Record<K, string>;
  }

  /**
   * The address the public pages' "Contact us" writes to when none is set: the SMTP sender's (already on every mail
   * the platform sends), else the first active super admin's, unless it is still a fresh install's placeholder.
   */
  async function fallbackContact(): Promise<string> {
    const { 'smtp.sender': sender } = await values(['smtp.sender']);
    const address = /<([^<>\s]+@[^<>\s]+)>/.exec(sender)?.[1] ?? (sender.includes('@') ? sender.trim() : '');
    return address;
  }

  /** Requested keys (all when none) as key/value pairs; unknown keys are left out, secrets masked. */
  async function list(requested: string[], options: { publicOnly: boolean }): Promise<Setting[]> {
    const allowed = options.publicOnly ? PUBLIC_SETTING_KEYS : (Object.keys(SYSTEM_SETTINGS) as SystemSettingKey[]);
    const keys = requested.length ? allowed.filter((key) => requested.includes(key)) : allowed;
    const found = await values(keys);
    if (options.publicOnly && keys.includes('system.contact.email') && !found['system.contact.email'].trim())
      found['system.contact.email'] = await fallbackContact();
    return keys.map((key) => ({ key, value: isSecret(key) && found[key] ? SECRET_MASK : found[key] }));
  }

  /** Stores the entries; answers the changed keys' values before and after, secrets masked. */
  async function update(entries: Setting[]): Promise<SettingsChange> {
    const fields: NonNullable<AppError['fields']> = {};
    entries.forEach((entry, index) => {
      if (!isSystemSettingKey(entry.key)) fields[`settings.${index}.key`] = { key: 'request_invalid' };
      else {
        const problem = settingValueProblem(entry.key, entry.value);
        if (problem) fields[`settings.${index}.value`] = { key: problem };
      }
    });
    const first = Object.values(fields)[0];
    if (first) throw new AppError(400, first.key, {}, fields);
    const changes = entries.filter(
      (entry) => !(isSecret(entry.key as SystemSettingKey) && entry.value === SECRET_MASK),
    ) as { key: SystemSettingKey; value: string }[];
    if (!changes.length) return { before: {}, after: {} };
    const before = await values(changes.map((entry) => entry.key));
    const shown = (key: SystemSettingKey, value: string) => (isSecret(key) && value ? SECRET_MASK : value);
    const change: SettingsChange = { before: {}, after: {} };
    for (const entry of changes) {
      if (before[entry.key] === entry.value) continue;
      change.before[entry.key] = shown(entry.key, before[entry.key]);
      change.after[entry.key] = shown(entry.key, entry.value);
    }
    await database.db
      .insert(systemSettings)
      .values(
        changes.map((entry) => ({
          key: entry.key,
          value: isSecret(entry.key) && entry.value ? box.seal(entry.value) : entry.value,
        })),
      )
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
    return change;
  }

  return { values, list, update };
}
