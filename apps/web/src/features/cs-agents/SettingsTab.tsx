import {
  CS_AGENT_LIMITS,
  type CsAgent,
  type CsAgentUpdateBody,
  csAgentBodySchema,
  INT32_MAX,
} from '@omnichat/contracts';
import { Alert, AutoComplete, Button, Card, Flex, Form, Input, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/http/index.ts';
import { useSession } from '../../app/session/use-session.ts';
import { toast } from '../../app/toast/toast-store.ts';
import { useRules } from '../../ui/form/use-rules.ts';
import { setServerFields } from '../../ui/form-errors.ts';
import { useOrganizationChannels, useOrganizationTeams, useSaveAgent } from './cs-agents-api.ts';
import { useAgentWords } from './parts.tsx';

const fields = csAgentBodySchema.shape;
/** The select's value for "all teams" (a select option cannot be null) */
const ALL_TEAMS = '';

interface SettingsValues {
  name: string;
  show_name_to_customer: boolean;
  response_tone: string;
  response_features: string[];
  channel_ids: string[];
  handoff_team_id: string;
  handoff_message: string;
  monthly_token_budget: string;
}

const valuesOf = (agent: CsAgent): SettingsValues => ({
  name: agent.name,
  show_name_to_customer: agent.show_name_to_customer,
  response_tone: agent.response_tone,
  response_features: agent.response_features,
  channel_ids: agent.channel_ids,
  handoff_team_id: agent.handoff_team_id ?? ALL_TEAMS,
  handoff_message: agent.handoff_message ?? '',
  monthly_token_budget: agent.monthly_token_budget === null ? '' : String(agent.monthly_token_budget),
});

const bodyOf = (values: SettingsValues): CsAgentUpdateBody => ({
  name: values.name,
  show_name_to_customer: values.show_name_to_customer,
  response_tone: values.response_tone,
  response_features: values.response_features,
  channel_ids: values.channel_ids,
  handoff_team_id: values.handoff_team_id || null,
  handoff_message: values.handoff_message.trim() || null,
  monthly_token_budget: values.monthly_token_budget.trim() ? Number(values.monthly_token_budget.trim()) : null,
});

/** The agent's settings: who it is, how it answers, where, and to whom it hands over. */
export function SettingsTab({ agent, canWrite }: { agent: CsAgent; canWrite: boolean }) {
  const { t } = useTranslation();
  const rules = useRules();
  const words = useAgentWords();
  const { workspaceId } = useSession();
  const channels = useOrganizationChannels(workspaceId);
  const teams = useOrganizationTeams(workspaceId);
  const [form] = Form.useForm<SettingsValues>();
  const save = useSaveAgent();
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: SettingsValues) => {
    setError(null);
    try {
      const saved = await save.mutateAsync({ id: agent.id, body: bodyOf(values) });
      form.setFieldsValue(valuesOf(saved));
      toast.success(t('csAgents.settings.saved'));
    } catch (failure) {
      setServerFields(form, failure);
      setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  };

  const budgetRule = {
    validator: (_: unknown, value: string) =>
      !value?.trim() || (/^\d+$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= INT32_MAX)
        ? Promise.resolve()
        : Promise.reject(new Error(t('csAgents.settings.budgetInvalid'))),
  };

  return (
    <Card>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={valuesOf(agent)}
        disabled={!canWrite}
        style={{ maxWidth: 640 }}
      >
        {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
        <Form.Item name="name" label={t('csAgents.name')} rules={rules.zod(fields.name)}>
          <Input maxLength={CS_AGENT_LIMITS.nameMax - 1} />
        </Form.Item>
        <Form.Item
          name="show_name_to_customer"
          label={t('csAgents.settings.showName')}
          extra={t('csAgents.settings.showNameHelp')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item name="response_tone" label={t('csAgents.tone')} rules={rules.zod(fields.response_tone)}>
          <AutoComplete options={words.toneOptions} placeholder={t('csAgents.tonePlaceholder')} />
        </Form.Item>
        <Form.Item name="response_features" label={t('csAgents.features')}>
          <Select
            mode="tags"
            options={words.featureOptions}
            placeholder={t('csAgents.featuresPlaceholder')}
            maxCount={CS_AGENT_LIMITS.featuresMax}
          />
        </Form.Item>
        <Form.Item name="channel_ids" label={t('csAgents.channels')}>
          <Select
            mode="multiple"
            loading={channels.isPending}
            optionFilterProp="label"
            placeholder={t('csAgents.channelsPlaceholder')}
            options={(channels.data ?? []).map((channel) => ({ value: channel.id, label: channel.name }))}
          />
        </Form.Item>
        <Form.Item
          name="handoff_team_id"
          label={t('csAgents.settings.handoffTeam')}
          extra={t('csAgents.settings.handoffTeamHelp')}
        >
          <Select
            loading={teams.isPending}
            showSearch
            optionFilterProp="label"
            options={[
              { value: ALL_TEAMS, label: t('csAgents.settings.allTeams') },
              ...(teams.data ?? []).map((team) => ({ value: team.id, label: team.name })),
            ]}
          />
        </Form.Item>
        <Form.Item
          name="handoff_message"
          label={t('csAgents.settings.handoffMessage')}
          extra={t('csAgents.settings.handoffMessageHelp')}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={CS_AGENT_LIMITS.handoffMessageMax}
            placeholder={t('csAgents.settings.handoffMessageDefault')}
          />
        </Form.Item>
        <Form.Item
          name="monthly_token_budget"
          label={t('csAgents.settings.budget')}
          extra={t('csAgents.settings.budgetHelp')}
          rules={[budgetRule]}
        >
          <Input inputMode="numeric" autoComplete="off" placeholder={t('csAgents.settings.budgetPlaceholder')} />
        </Form.Item>
        {canWrite && (
          <Flex justify="flex-end">
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}
