import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session/use-session.ts';

/** Unix seconds as a date and time in the organization's time zone ('—' for none). */
export function useDateTime() {
  const { i18n } = useTranslation();
  const { member } = useSession();
  const zone = member?.workspace.time_zone || 'UTC';
  return (seconds: number | null | undefined) => {
    if (seconds === null || seconds === undefined) return '—';
    const date = new Date(seconds * 1000);
    try {
      return date.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
    } catch {
      return date.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    }
  };
}
