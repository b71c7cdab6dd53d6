import { type Locale, translate } from '@omnichat/contracts';
import type { TFunction } from 'i18next';
import { permissionLabel } from '../../ui/permission-label.ts';
import type { ItemLock } from './menu-model.ts';

/**
 * Why a menu item or a page is closed, in the reader's language: "please upgrade your plan", or the permissions
 * that would open it by their labels ("missing permissions: Customers · Read"); any one of them is enough.
 */
export function lockText(lock: ItemLock, t: TFunction, locale: Locale): string {
  if (lock.reason === 'plan') return translate('please_upgrade_plan', locale);
  const prefix = translate('missing_permissions', locale);
  const labels = lock.missing.map((key) => permissionLabel(key, t));
  const names = new Intl.ListFormat(locale, { type: 'disjunction' }).format(labels);
  // a full-width colon carries its own space
  return `${prefix}${prefix.endsWith('：') ? '' : ' '}${names}`;
}
