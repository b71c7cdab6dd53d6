import { type AutoAssign, type AutoAssignBody, CHANNEL_LIMITS, teamEndpoints, translate } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Divider, Form, Segmented, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../app/http/index.ts';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { useSession } from '../../app/session/use-session.ts';
import { NumberInput } from '../../ui/NumberInput.tsx';
import { CHANNELS_NS } from './i18n/index.ts';

/** The form's values of the section: the team '' is everyone who may answer, the cap null is no cap. */
export interface AutoAssignValues {
  mode: AutoAssign['mode'];
  team_id: string;
  max_open_per_member: number | null;
}

export const autoAssignValues = (setting: AutoAssign): AutoAssignValues => ({
  mode: setting.mode,
  team_id: setting.team_id ?? '',
  max_open_per_member: setting.max_open_per_member,
});

/** The setting to send, or undefined when the form leaves the channel's as it was. */
export function autoAssignChange(values: AutoAssignValues | undefined, before: AutoAssign): AutoAssignBody | undefined {
  if (!values) return undefined;
  const next: AutoAssign = {
    mode: values.mode,
    team_id: values.team_id || null,
    max_open_per_member: values.max_open_per_member || null,
  };
  const same =
    next.mode === before.mode &&
    next.team_id === before.team_id &&
    next.max_open_per_member === before.max_open_per_member;
  return same ? undefined : next;
}

/**
 * A channel's auto-assignment: off, or round robin among the online members of a team (or everyone who may
 * answer), with an optional cap of open conversations each.
 */
export function AutoAssignFields() {
  const { t } = useTranslation(CHANNELS_NS);
  const { locale } = usePreferences();
  const { workspaceId } = useSession();
  const mode = Form.useWatch(['auto_assign', 'mode']);
  // the same list the conversation panel's assignee picker reads; without team_read it stays empty
  const teams = useQuery({
    queryKey: ['teams', workspaceId, 'assignable'],
    queryFn: () => http.call(teamEndpoints.list, { query: { page: 1, size: 100 }, silent: true }),
    enabled: mode === 'round_robin',
  });
  const capRule = {
    validator: async (_rule: unknown, value: number | null | undefined) => {
      if (value === null || value === undefined || value === 0) return;
      if (!Number.isInteger(value) || value < 1 || value > CHANNEL_LIMITS.maxOpenPerMemberMax)
        throw new Error(translate('auto_assign_cap_invalid', locale));
    },
  };
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('autoAssign.title')}
      </Divider>
      <Form.Item
        name={['auto_assign', 'mode']}
        label={t('autoAssign.mode')}
        extra={t(`autoAssign.${mode ?? 'off'}Hint`)}
      >
        <Segmented<AutoAssign['mode']>
          block
          options={[
            { value: 'off', label: t('autoAssign.off') },
            { value: 'round_robin', label: t('autoAssign.round_robin') },
          ]}
        />
      </Form.Item>
      {mode === 'round_robin' && (
        <>
          <Form.Item name={['auto_assign', 'team_id']} label={t('autoAssign.team')}>
            <Select
              loading={teams.isPending}
              showSearch={{ optionFilterProp: 'label' }}
              options={[
                { value: '', label: t('autoAssign.everyone') },
                ...(teams.data ?? []).map((team) => ({ value: team.id, label: team.name })),
              ]}
            />
          </Form.Item>
          <Form.Item
            name={['auto_assign', 'max_open_per_member']}
            label={t('autoAssign.cap')}
            extra={t('autoAssign.capHint')}
            rules={[capRule]}
          >
            <NumberInput placeholder={t('autoAssign.noCap')} inputMode="numeric" />
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('autoAssign.availabilityHint')}</Typography.Paragraph>
        </>
      )}
    </>
  );
}
