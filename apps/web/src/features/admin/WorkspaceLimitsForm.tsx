import { translate, type WorkspaceLimits } from '@omnichat/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { toast } from '../../app/toast/toast-store.ts';
import { adminKeys, getWorkspaceLimits, putWorkspaceLimits } from './admin-api.ts';
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
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LimitValues>();
  const [saving, setSaving] = useState(false);
  const query = useQuery({
    queryKey: adminKeys.workspaceLimits(workspaceId),
    queryFn: () => getWorkspaceLimits(workspaceId),
  });
  const invalid = t('adminPages.workspaces.limitInvalid');

  const save = async (values: LimitValues) => {
    setSaving(true);
    try {
      const saved = await putWorkspaceLimits(workspaceId, {
        max_seats: values.max_seats ?? null,
        member_limit: values.member_limit ?? null,
        channel_limit: values.channel_limit ?? null,
        ai_agent_limit: values.ai_agent_limit ?? null,
        trial_days: values.trial_days ?? 0,
        promote_code: values.promote_code?.trim() || null,
      });
      queryClient.setQueryData(adminKeys.workspaceLimits(workspaceId), saved);
      toast.success(translate('save_success', locale));
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError)
    return (
      <Result
        status="warning"
        title={t('common.loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  return (
    <Form<LimitValues>
      form={form}
      name="workspace-limits"
      layout="vertical"
      noValidate
      initialValues={query.data}
      onFinish={save}
      onFinishFailed={({ errorFields }) => console.warn('limits: invalid fields', errorFields)}
      disabled={!canWrite || saving}
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
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('adminPages.workspaces.saveLimits')}
          </Button>
        </Flex>
      )}
    </Form>
  );
}
