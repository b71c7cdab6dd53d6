import { CONDITION_OPERATORS, HTTP_STEP_METHODS } from '@omnichat/contracts';
import { Checkbox, Flex, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Field, OptionSelect, SecondsInput, VariableText, variableNames } from './fields.tsx';
import type { SettingsProps } from './TriggerSettings.tsx';

/** Headers (or a template's parameters) as `Name: value` lines and back. */
const headersText = (headers: unknown) =>
  Object.entries((headers as Record<string, string> | undefined) ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
const parseHeaders = (text: string) => {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return Object.keys(headers).length ? headers : undefined;
};

const CONDITION_FIELDS = ['message.text', 'customer.tags', 'time.hour', 'time.weekday'];

/** The settings of an action, a condition or a wait. */
export function StepSettings({ type, data, onChange, nodeIds }: SettingsProps) {
  const { t } = useTranslation();
  const set = (key: string, value: unknown) => onChange({ ...data, [key]: value });
  const text = (key: string, label: string) => (
    <Field label={label}>
      {(id) => <VariableText id={id} value={data[key]} onChange={(v) => set(key, v)} nodeIds={nodeIds} />}
    </Field>
  );
  switch (type) {
    case 'action.send_message':
      return text('text', t('workflows.settings.message'));
    case 'action.add_note':
      return text('text', t('workflows.settings.note'));
    case 'action.send_template':
      return (
        <Flex vertical gap={12}>
          <Field label={t('workflows.settings.template')}>
            {(id) => (
              <OptionSelect
                id={id}
                source="templates"
                value={data.template_id}
                onChange={(v) => set('template_id', v)}
              />
            )}
          </Field>
          <Field label={t('workflows.settings.templateParameters')}>
            {(id) => (
              <Input.TextArea
                id={id}
                rows={3}
                defaultValue={headersText(data.parameters)}
                onBlur={(e) => set('parameters', parseHeaders(e.target.value))}
                placeholder="1: {{customer.first_name}}"
              />
            )}
          </Field>
        </Flex>
      );
    case 'action.send_email':
      return (
        <Flex vertical gap={12}>
          <Field label={t('workflows.settings.emailTemplate')}>
            {(id) => (
              <OptionSelect
                id={id}
                source="emailTemplates"
                value={data.email_template_id}
                onChange={(v) => set('email_template_id', v)}
              />
            )}
          </Field>
          <Field label={t('workflows.settings.emailTo')}>
            {(id) => (
              <Input id={id} value={String(data.to ?? '')} onChange={(e) => set('to', e.target.value || undefined)} />
            )}
          </Field>
        </Flex>
      );
    case 'action.assign':
      return (
        <Flex vertical gap={12}>
          <Field label={t('workflows.settings.member')}>
            {(id) => (
              <OptionSelect
                id={id}
                source="members"
                value={data.member_id}
                onChange={(v) => set('member_id', v ?? null)}
              />
            )}
          </Field>
          <Field label={t('workflows.settings.team')}>
            {(id) => (
              <OptionSelect id={id} source="teams" value={data.team_id} onChange={(v) => set('team_id', v ?? null)} />
            )}
          </Field>
          <Checkbox checked={Boolean(data.all_teams)} onChange={(e) => set('all_teams', e.target.checked)}>
            {t('workflows.settings.allTeams')}
          </Checkbox>
        </Flex>
      );
    case 'action.add_tag':
    case 'action.remove_tag':
      return (
        <Field label={t('workflows.settings.tag')}>
          {(id) => <OptionSelect id={id} source="tags" value={data.tag_id} onChange={(v) => set('tag_id', v)} />}
        </Field>
      );
    case 'action.update_field':
      return (
        <Flex vertical gap={12}>
          <Field label={t('workflows.settings.field')}>
            {(id) => (
              <Input
                id={id}
                value={String(data.field ?? '')}
                onChange={(e) => set('field', e.target.value)}
                placeholder="company"
              />
            )}
          </Field>
          {text('value', t('workflows.settings.value'))}
        </Flex>
      );
    case 'action.http_request':
      return (
        <Flex vertical gap={12}>
          <Field label={t('workflows.settings.method')}>
            {(id) => (
              <Select
                id={id}
                value={data.method as string}
                onChange={(v) => set('method', v)}
                options={HTTP_STEP_METHODS.map((m) => ({ value: m, label: m }))}
              />
            )}
          </Field>
          <Field label={t('workflows.settings.url')}>
            {(id) => (
              <Input
                id={id}
                value={String(data.url ?? '')}
                onChange={(e) => set('url', e.target.value)}
                placeholder="https://"
              />
            )}
          </Field>
          <Field label={t('workflows.settings.headers')}>
            {(id) => (
              <Input.TextArea
                id={id}
                rows={3}
                defaultValue={headersText(data.headers)}
                onBlur={(e) => set('headers', parseHeaders(e.target.value))}
                placeholder="Authorization: Bearer …"
              />
            )}
          </Field>
          {text('body', t('workflows.settings.body'))}
        </Flex>
      );
    case 'action.wait':
      return (
        <Field label={t('workflows.settings.seconds')}>
          {(id) => <SecondsInput id={id} value={data.seconds} onChange={(v) => set('seconds', v)} />}
        </Field>
      );
    case 'action.wait_for_reply':
      return (
        <Field label={t('workflows.settings.timeout')}>
          {(id) => <SecondsInput id={id} value={data.timeout_seconds} onChange={(v) => set('timeout_seconds', v)} />}
        </Field>
      );
    case 'condition':
      return (
        <Flex vertical gap={12}>
          <Field label={t('workflows.settings.conditionField')}>
            {(id) => (
              <>
                <Input
                  id={id}
                  list={`${id}-fields`}
                  value={String(data.field ?? '')}
                  onChange={(e) => set('field', e.target.value)}
                />
                <datalist id={`${id}-fields`}>
                  {[...CONDITION_FIELDS, ...variableNames(nodeIds)].map((value) => (
                    <option key={value} value={value} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
          <Field label={t('workflows.settings.operator')}>
            {(id) => (
              <Select
                id={id}
                value={data.operator as string}
                onChange={(v) => set('operator', v)}
                options={CONDITION_OPERATORS.map((value) => ({ value, label: t(`workflows.operators.${value}`) }))}
              />
            )}
          </Field>
          {data.operator !== 'is_empty' && data.operator !== 'is_not_empty' && (
            <Field label={t('workflows.settings.value')}>
              {(id) => (
                <Input id={id} value={String(data.value ?? '')} onChange={(e) => set('value', e.target.value)} />
              )}
            </Field>
          )}
        </Flex>
      );
    default:
      return <Typography.Text type="secondary">{t(`workflows.settings.nothing`)}</Typography.Text>;
  }
}
