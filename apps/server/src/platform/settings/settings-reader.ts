import type { SystemSettingKey } from '@omnichat/contracts';

/** What modules and the platform read of the system settings: the port; the settings module implements it. */
export interface SettingsReader {
  /** The values of `keys` (a key never set answers its default; secrets come back opened). */
  values<K extends SystemSettingKey>(keys: readonly K[]): Promise<Record<K, string>>;
}
