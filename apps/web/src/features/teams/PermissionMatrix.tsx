import { WORKSPACE_PERMISSION_GROUPS } from '@omnichat/contracts';
import { Checkbox, theme } from 'antd';
import { useTranslation } from 'react-i18next';

export const PERMISSION_LEVELS = ['read', 'write'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

interface PermissionMatrixProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
}

/** Ticks `group_level`; write brings read along, and taking read away takes write too. */
export function togglePermission(current: string[], group: string, level: PermissionLevel, checked: boolean): string[] {
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

/** A form control: one row per permission group, a read and a write checkbox in each. */
export function PermissionMatrix({ id, value = [], onChange, disabled }: PermissionMatrixProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const held = new Set(value);

  return (
    <table id={id} aria-label={t('teams.permissions')} style={{ width: '100%', borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          <th scope="col" style={{ textAlign: 'start', padding: '6px 0', fontWeight: 500 }}>
            {t('teams.area')}
          </th>
          {PERMISSION_LEVELS.map((level) => (
            <th key={level} scope="col" style={{ width: 72, textAlign: 'center', fontWeight: 500 }}>
              {t(`teams.${level}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {WORKSPACE_PERMISSION_GROUPS.map((group) => (
          <tr key={group} style={{ borderTop: `1px solid ${token.colorBorderSecondary}` }}>
            <th scope="row" style={{ textAlign: 'start', fontWeight: 'normal', padding: '6px 0' }}>
              {t(`permissionGroups.${group}`)}
            </th>
            {PERMISSION_LEVELS.map((level) => (
              <td key={level} style={{ textAlign: 'center' }}>
                <Checkbox
                  checked={held.has(`${group}_${level}`)}
                  disabled={disabled}
                  onChange={(event) => onChange?.(togglePermission(value, group, level, event.target.checked))}
                  aria-label={t('teams.permissionLabel', {
                    group: t(`permissionGroups.${group}`),
                    level: t(`teams.${level}`),
                  })}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
