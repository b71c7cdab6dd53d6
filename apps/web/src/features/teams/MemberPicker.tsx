import { LIMITS } from '@omnichat/contracts';
import { Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchMembers } from './teams-api.ts';

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
  const [found, setFound] = useState<MemberOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [searched, setSearched] = useState(false);
  const labels = useRef(new Map<string, string>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(0);

  for (const option of known) labels.current.set(option.value, option.label);

  const run = (term: string) => {
    const ticket = ++latest.current;
    setLoading(true);
    searchMembers(term)
      .then((result) => {
        if (ticket !== latest.current) return;
        const options = result.items.map((member) => ({ value: member.id, label: labelOf(member.user) }));
        for (const option of options) labels.current.set(option.value, option.label);
        setFound(options);
        setSearched(true);
      })
      .catch(() => undefined)
      .finally(() => {
        if (ticket === latest.current) setLoading(false);
      });
  };

  const onSearch = (term: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => run(term), debounceMs);
  };

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

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
      showSearch={{ filterOption: false, onSearch }}
      onOpenChange={(open) => {
        if (open && !searched) run('');
      }}
      notFoundContent={loading ? <Spin size="small" /> : t('common.noData')}
      options={[...chosen, ...found]}
      optionFilterProp="label"
      loading={loading}
      allowClear
      listHeight={256}
      style={{ width: '100%' }}
    />
  );
}
