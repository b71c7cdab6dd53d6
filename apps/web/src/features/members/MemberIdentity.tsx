import type { Member } from '@omnichat/contracts';
import { Avatar, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Text } from '../../ui/text.tsx';
import './i18n/members.ts';

export const nameOf = (member: Member) => member.user.display_name || member.user.username;

/** Avatar, display name ("(you)" for oneself) and @username of a member. */
export function MemberIdentity({ member, isSelf }: { member: Member; isSelf: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={10} style={{ minWidth: 0 }}>
      <Avatar src={member.user.avatar || undefined} alt="">
        {nameOf(member).slice(0, 1).toUpperCase()}
      </Avatar>
      <Flex vertical style={{ minWidth: 0 }}>
        <Text strong ellipsis>
          {member.user.display_name}
          {isSelf && <Text secondary style={{ fontWeight: 'normal' }}>{` (${t('members.you')})`}</Text>}
        </Text>
        <Text secondary ellipsis style={{ fontSize: 12 }}>
          @{member.user.username}
        </Text>
      </Flex>
    </Flex>
  );
}
