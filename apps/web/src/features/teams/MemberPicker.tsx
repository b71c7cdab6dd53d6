import { LIMITS } from '@omnichat/contracts';
import { Select, Spin } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoteSearch } from '../../ui/use-remote-search.ts';
import { searchMembers } from './teams-api.ts';
import './i18n/teams.ts';

export interface MemberOption {
  value: string;
  label: string;
}

interface MemberPickerProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Labels of members already in the team, shown before any search. */
  known?: MemberOption[];
  'aria-label'?: string;
  debounceMs?: number;
}

const labelOf = (user: { display_name: string; username: string }) =>
  user.display_name ? `${user.display_name} (@${user.username})` : `@${user.username}`;

/** Several organization members, searched on the server 500 ms after the last keystroke. */
export function MemberPicker({
  id,
  value = [],
  onChange,
  known = [],
  debounceMs = LIMITS.searchDebounceMs,
  ...rest
}: MemberPickerProps) {
  const { t } = useTranslation();
  const labels = useRef(new Map<string, string>());
  for (const option of known) labels.current.set(option.value, option.label);
  const remote = useRemoteSearch(async (term: string) => {
    const result = await searchMembers(term);
    const options = result.items.map((member) => ({ value: member.id, label: labelOf(member.user) }));
    for (const option of options) labels.current.set(option.value, option.label);
    return options;
  }, debounceMs);
  const found = remote.found;

  // chosen members stay listed (with their names) even when the current search does not find them
  const chosen = value
    .filter((memberId) => !found.some((option) => option.value === memberId))
    .map((memberId) => ({ value: memberId, label: labels.current.get(memberId) ?? memberId }));

  return (
    <Select<string[]>
      id={id}
      mode="multiple"
      value={value}
      onChange={(next) => onChange?.(next)}
      aria-label={rest['aria-label']}
      placeholder={t('teams.membersPlaceholder')}
      showSearch={{ filterOption: false, onSearch: remote.onSearch }}
      onOpenChange={remote.onOpen}
      notFoundContent={remote.loading ? <Spin size="small" /> : t('common.noData')}
      options={[...chosen, ...found]}
      optionFilterProp="label"
      loading={remote.loading}
      allowClear
      listHeight={256}
      style={{ width: '100%' }}
    />
  );
}
