import { ADMIN_PERMISSION_GROUPS, WORKSPACE_PERMISSION_GROUPS } from '@omnichat/contracts';
import { Checkbox, theme } from 'antd';
import { useTranslation } from 'react-i18next';

export type Level = 'read' | 'write';
export interface PermissionGroup {
  key: string;
  label: string;
  levels: readonly Level[];
}

const BOTH: readonly Level[] = ['read', 'write'];

/** Ticks `group_level`; write brings read along, and taking read away takes write too. */
export function togglePermission(current: string[], group: string, level: Level, checked: boolean): string[] {
  const next = new Set(current);
  if (checked) {
    next.add(`${group}_${level}`);
    if (level === 'write') next.add(`${group}_read`);
  } else {
    next.delete(`${group}_${level}`);
    if (level === 'read') next.delete(`${group}_write`);
  }
  return [...next];
}

interface ChecklistProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
}

/** A form control: one row per group with a read and a write checkbox (keyboard: Tab and Space). */
export function PermissionChecklist({
  id,
  value,
  onChange,
  disabled,
  groups,
}: ChecklistProps & { groups: PermissionGroup[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const current = value ?? [];
  const held = new Set(current);
  return (
    <table id={id} style={{ width: '100%', borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          <th scope="col" style={{ textAlign: 'start', padding: '6px 0', fontWeight: 500 }}>
            {t('adminPages.common.area')}
          </th>
          {BOTH.map((level) => (
            <th key={level} scope="col" style={{ width: 64, textAlign: 'center', fontWeight: 500 }}>
              {t(`adminPages.common.${level}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {groups.map((group) => (
          <tr key={group.key} style={{ borderTop: `1px solid ${token.colorBorderSecondary}` }}>
            <th scope="row" style={{ textAlign: 'start', fontWeight: 'normal', padding: '6px 0' }}>
              {group.label}
            </th>
            {BOTH.map((level) => (
              <td key={level} style={{ textAlign: 'center' }}>
                {group.levels.includes(level) && (
                  <Checkbox
                    checked={held.has(`${group.key}_${level}`)}
                    disabled={disabled}
                    onChange={(event) => onChange?.(togglePermission(current, group.key, level, event.target.checked))}
                    aria-label={t('adminPages.common.permissionLabel', {
                      group: group.label,
                      level: t(`adminPages.common.${level}`),
                    })}
                  />
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** System-admin permissions: the four read/write groups and subscription history (read only). */
export function AdminPermissionChecklist(props: ChecklistProps) {
  const { t } = useTranslation();
  const groups: PermissionGroup[] = [
    ...ADMIN_PERMISSION_GROUPS.map((key) => ({ key, label: t(`adminPages.adminGroups.${key}`), levels: BOTH })),
    { key: 'subscription_history', label: t('adminPages.adminGroups.subscription_history'), levels: ['read'] },
  ];
  return <PermissionChecklist {...props} groups={groups} />;
}

/** Organization-member permissions (defaults for new members and teams). */
export function WorkspacePermissionChecklist(props: ChecklistProps) {
  const { t } = useTranslation();
  const groups = WORKSPACE_PERMISSION_GROUPS.map((key) => ({
    key,
    label: t(`permissionGroups.${key}`),
    levels: BOTH,
  }));
  return <PermissionChecklist {...props} groups={groups} />;
}
