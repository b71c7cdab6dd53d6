import { ADMIN_PERMISSION_GROUPS } from '@omnichat/contracts';
import { useTranslation } from 'react-i18next';
import {
  PermissionChecklist,
  type PermissionChecklistProps,
  type PermissionGroup,
  READ_AND_WRITE,
} from '../../ui/PermissionChecklist.tsx';
import { permissionGroupLabel } from '../../ui/permission-label.ts';

/** System-admin permissions: the four read/write groups and subscription history (read only). */
export function AdminPermissionChecklist(props: PermissionChecklistProps) {
  const { t } = useTranslation();
  const groups: PermissionGroup[] = [
    ...ADMIN_PERMISSION_GROUPS.map((key) => ({
      key,
      label: permissionGroupLabel(key, t),
      levels: READ_AND_WRITE,
    })),
    { key: 'subscription_history', label: permissionGroupLabel('subscription_history', t), levels: ['read'] },
  ];
  return <PermissionChecklist {...props} groups={groups} />;
}
