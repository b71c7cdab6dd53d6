import { WORKSPACE_PERMISSION_GROUPS } from '@omnichat/contracts';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { permissionLabel } from '../../ui/permission-label.ts';
import { Text } from '../../ui/text.tsx';
import './i18n/teams.ts';

const SUMMARY_TAGS = 3;

/** Each group the team can touch, at its highest level. */
type GroupLevel = { group: string; level: 'read' | 'write' };
function summarize(permissions: string[]): GroupLevel[] {
  const held = new Set(permissions);
  return WORKSPACE_PERMISSION_GROUPS.flatMap((group): GroupLevel[] => {
    if (held.has(`${group}_write`)) return [{ group, level: 'write' }];
    if (held.has(`${group}_read`)) return [{ group, level: 'read' }];
    return [];
  });
}

/** A team's permissions as a few "group · level" tags and "+n more" with the rest in its tooltip. */
export function PermissionSummary({ permissions }: { permissions: string[] }) {
  const { t } = useTranslation();
  const groups = summarize(permissions);
  if (groups.length === 0) return <Text secondary>{t('teams.noPermissions')}</Text>;
  const label = ({ group, level }: GroupLevel) => permissionLabel(`${group}_${level}`, t);
  const rest = groups.slice(SUMMARY_TAGS);
  return (
    <Flex gap={4} wrap>
      {groups.slice(0, SUMMARY_TAGS).map((group) => (
        <Tag key={group.group} color={group.level === 'write' ? 'blue' : undefined} style={{ marginInlineEnd: 0 }}>
          {label(group)}
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tag style={{ marginInlineEnd: 0 }} title={rest.map(label).join(', ')}>
          {t('teams.more', { count: rest.length })}
        </Tag>
      )}
    </Flex>
  );
}
