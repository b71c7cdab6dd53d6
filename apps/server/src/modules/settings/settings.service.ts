import {
  isSystemSettingKey,
  PUBLIC_SETTING_KEYS,
  type Setting,
  SYSTEM_SETTINGS,
  type SystemSettingKey,
} from '@omnichat/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { fieldError } from '../../platform/errors.ts';
import { systemSettings } from './settings.tables.ts';

/** What a browser sees instead of a stored secret; sending it back unchanged keeps the secret. */
export const SECRET_MASK = '********';

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService(database: Database) {
  async function values<K extends SystemSettingKey>(keys: readonly K[]): Promise<Record<K, string>> {
    const rows = keys.length
      ? await database.db
          .select()
          .from(systemSettings)
          .where(inArray(systemSettings.key, [...keys]))
      : [];
    const stored = new Map(rows.map((row) => [row.key, row.value]));
    return Object.fromEntries(keys.map((key) => [key, stored.get(key) ?? SYSTEM_SETTINGS[key].default])) as Record<
      K,
      string
    >;
  }

  /** Requested keys (all when none) as key/value pairs; unknown keys are left out, secrets masked. */
  async function list(requested: string[], options: { publicOnly: boolean }): Promise<Setting[]> {
    const allowed = options.publicOnly ? PUBLIC_SETTING_KEYS : (Object.keys(SYSTEM_SETTINGS) as SystemSettingKey[]);
    const keys = requested.length ? allowed.filter((key) => requested.includes(key)) : allowed;
    const found = await values(keys);
    return keys.map((key) => ({
      key,
      value: SYSTEM_SETTINGS[key].secret && found[key] ? SECRET_MASK : found[key],
    }));
  }

  async function update(entries: Setting[]): Promise<void> {
    entries.forEach((entry, index) => {
      if (!isSystemSettingKey(entry.key)) throw fieldError(`settings.${index}.key`, 'request_invalid');
    });
    const changes = entries.filter(
      (entry) => !(SYSTEM_SETTINGS[entry.key as SystemSettingKey].secret && entry.value === SECRET_MASK),
    );
    if (!changes.length) return;
    await database.db
      .insert(systemSettings)
      .values(changes.map((entry) => ({ key: entry.key, value: entry.value })))
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
  }

  return { values, list, update };
}
