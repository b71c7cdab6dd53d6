import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

interface Named {
  id: string;
  name: string;
}
interface Person {
  id: string;
  active: boolean;
  user: { display_name: string | null; username: string };
}

/**
 * Whom a conversation can go to, as a menu (the thread header's and the bulk bar's): me, nobody, all teams, a team
 * or an active member. Keys: `me`, `none`, `all`, `team:<id>`, `member:<id>`.
 */
export function assignMenuItems(
  t: TFunction,
  teams: readonly Named[] | undefined,
  members: readonly Person[] | undefined,
  meLabel: ReactNode = t('desk.header.assignToMe'),
): MenuProps['items'] {
  return [
    { key: 'me', label: meLabel },
    { key: 'none', label: t('desk.header.unassign') },
    { key: 'all', label: t('desk.header.allTeams') },
    {
      type: 'group',
      label: t('desk.header.teams'),
      children: (teams ?? []).map((team) => ({ key: `team:${team.id}`, label: team.name })),
    },
    {
      type: 'group',
      label: t('desk.header.members'),
      children: (members ?? [])
        .filter((one) => one.active)
        .map((one) => ({ key: `member:${one.id}`, label: one.user.display_name || one.user.username })),
    },
  ];
}
