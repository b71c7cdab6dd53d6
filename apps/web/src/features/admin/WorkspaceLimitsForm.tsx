import { translate, type WorkspaceLimits } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { QueryView } from '../../ui/QueryView.tsx';
import { adminKeys, getWorkspaceLimits, useSaveWorkspaceLimits } from './admin-api.ts';
import { NullableNumberInput, wholeNumberRule } from './NullableNumberInput.tsx';

type LimitValues = Omit<WorkspaceLimits, 'trial_days' | 'promote_code'> & {
  trial_days: number | null;
  promote_code: string | null;
};

const LIMIT_FIELDS = [
  ['max_seats', 'maxSeats'],
  ['member_limit', 'memberLimit'],
  ['channel_limit', 'channelLimit'],
  ['ai_agent_limit', 'aiAgentLimit'],
] as const;

/** Max seats and member/channel/AI agent limits (empty = unlimited), trial days and promote code. */
export function WorkspaceLimitsForm({ workspaceId, canWrite }: { workspaceId: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const [form] = Form.useForm<LimitValues>();
  const save = useSaveWorkspaceLimits(workspaceId);
  const query = useQuery({
    queryKey: adminKeys.workspaceLimits(workspaceId),
    queryFn: () => getWorkspaceLimits(workspaceId),
  });
  const invalid = t('adminPages.workspaces.limitInvalid');

  return (
    <QueryView query={query} rows={6}>
      {(limits) => (
        <ApiForm
          form={form}
          name="workspace-limits"
          initialValues={limits}
          submit={(values: LimitValues) =>
            save.mutateAsync({
              max_seats: values.max_seats ?? null,
              member_limit: values.member_limit ?? null,
              channel_limit: values.channel_limit ?? null,
              ai_agent_limit: values.ai_agent_limit ?? null,
              trial_days: values.trial_days ?? 0,
              promote_code: values.promote_code?.trim() || null,
            })
          }
          disabled={!canWrite}
        >
          {LIMIT_FIELDS.map(([name, label]) => (
            <Form.Item
              key={name}
              name={name}
              label={t(`adminPages.workspaces.${label}`)}
              extra={t('adminPages.common.unlimited')}
              rules={[wholeNumberRule(invalid)]}
            >
              <NullableNumberInput />
            </Form.Item>
          ))}
          <Form.Item name="trial_days" label={t('adminPages.workspaces.trialDays')} rules={[wholeNumberRule(invalid)]}>
            <NullableNumberInput />
          </Form.Item>
          <Form.Item
            name="promote_code"
            label={t('adminPages.workspaces.promoteCode')}
            rules={[{ max: 50, message: translate('promote_code_max', locale) }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          {canWrite && (
            <Flex justify="flex-end">
              <SubmitButton>{t('adminPages.workspaces.saveLimits')}</SubmitButton>
            </Flex>
          )}
        </ApiForm>
      )}
    </QueryView>
  );
}
