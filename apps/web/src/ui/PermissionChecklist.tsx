import { type PermissionLevel, permissionLevelsOf, WORKSPACE_PERMISSION_GROUPS } from '@omnichat/contracts';
import { Checkbox, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { permissionGroupLabel } from './permission-label.ts';

export type { PermissionLevel };
export interface PermissionGroup {
  key: string;
  label: string;
  levels: readonly PermissionLevel[];
}

export const READ_AND_WRITE: readonly PermissionLevel[] = ['read', 'write'];
const READ_ONLY: readonly PermissionLevel[] = ['read'];

/** Ticks `group_level`; every other level brings read along, and taking read away takes the others too. */
export function togglePermission(current: string[], group: string, level: PermissionLevel, checked: boolean): string[] {
  const next = new Set(current);
  if (checked) {
    next.add(`${group}_${level}`);
    next.add(`${group}_read`);
  } else if (level === 'read') {
    for (const name of current) if (name.startsWith(`${group}_`)) next.delete(name);
  } else next.delete(`${group}_${level}`);
  return [...next];
}

export interface PermissionChecklistProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
  'aria-label'?: string;
}

/** A form control: one row per permission group with a read and a write checkbox (Tab and Space). */
export function PermissionChecklist({
  id,
  value,
  onChange,
  disabled,
  groups,
  ...rest
}: PermissionChecklistProps & { groups: PermissionGroup[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const current = value ?? [];
  const held = new Set(current);
  const columns = (['read', 'write', 'import', 'export'] as const).filter((level) =>
    groups.some((group) => group.levels.includes(level)),
  );
  return (
    <table id={id} aria-label={rest['aria-label']} style={{ width: '100%', borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          <th scope="col" style={{ textAlign: 'start', padding: '6px 0', fontWeight: 500 }}>
            {t('permissionChecklist.area')}
          </th>
          {columns.map((level) => (
            <th key={level} scope="col" style={{ width: 72, textAlign: 'center', fontWeight: 500 }}>
              {t(`permissionChecklist.${level}`)}
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
            {columns.map((level) => (
              <td key={level} style={{ textAlign: 'center' }}>
                {group.levels.includes(level) && (
                  <Checkbox
                    checked={held.has(`${group.key}_${level}`)}
                    disabled={disabled}
                    onChange={(event) => onChange?.(togglePermission(current, group.key, level, event.target.checked))}
                    aria-label={t('permissionChecklist.label', {
                      group: group.label,
                      level: t(`permissionChecklist.${level}`),
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

/**
 * Organization permissions: members' own, teams', and the defaults for new members and teams. `readOnly` offers
 * the read boxes only (a viewer's list).
 */
export function WorkspacePermissionChecklist({
  readOnly,
  ...props
}: PermissionChecklistProps & { readOnly?: boolean }) {
  const { t } = useTranslation();
  const groups = WORKSPACE_PERMISSION_GROUPS.map((key) => ({
    key,
    label: permissionGroupLabel(key, t),
    levels: readOnly ? READ_ONLY : permissionLevelsOf(key),
  }));
  return <PermissionChecklist {...props} groups={groups} />;
}
