import { CopyOutlined } from '@ant-design/icons';
import type { Workflow } from '@omnichat/contracts';
import { Button, Flex, Input, Segmented, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Field, OptionSelect } from './fields.tsx';

export interface SettingsProps {
  type: string;
  data: Record<string, unknown>;
  /** replaces the node's data */
  onChange: (data: Record<string, unknown>) => void;
  /** ids of the other nodes, for `steps.<id>` variables */
  nodeIds: string[];
  webhook?: Workflow['webhook'];
}

const CHANNEL_TRIGGERS = [
  'trigger.message_received',
  'trigger.conversation_opened',
  'trigger.conversation_closed',
  'trigger.conversation_assigned',
];

/** Unix seconds as a `datetime-local` value (local time) and back. */
const toLocalInput = (seconds: number) => {
  const date = new Date(seconds * 1000);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => Math.round(new Date(value).getTime() / 1000);

/** The settings of the trigger node: channels and keywords, a tag, a schedule, or a webhook's address. */
export function TriggerSettings({ type, data, onChange, webhook }: SettingsProps) {
  const { t } = useTranslation();
  const set = (key: string, value: unknown) => onChange({ ...data, [key]: value });
  const periodic = typeof data.at !== 'number';
  return (
    <Flex vertical gap={12}>
      {CHANNEL_TRIGGERS.includes(type) && (
        <Field label={t('workflows.settings.channels')}>
          {(id) => (
            <OptionSelect
              id={id}
              source="channels"
              multiple
              value={data.channel_ids}
              onChange={(v) => set('channel_ids', v)}
            />
          )}
        </Field>
      )}
      {type === 'trigger.message_received' && (
        <Field label={t('workflows.settings.keywords')}>
          {(id) => (
            <Select
              id={id}
              mode="tags"
              open={false}
              value={(data.keywords as string[] | undefined) ?? []}
              onChange={(keywords: string[]) => set('keywords', keywords)}
              placeholder={t('workflows.settings.keywordsHint')}
            />
          )}
        </Field>
      )}
      {type === 'trigger.customer_tag_added' && (
        <Field label={t('workflows.settings.tag')}>
          {(id) => <OptionSelect id={id} source="tags" value={data.tag_id} onChange={(v) => set('tag_id', v)} />}
        </Field>
      )}
      {type === 'trigger.broadcast_reply' && (
        <Field label={t('workflows.settings.broadcast')}>
          {(id) => (
            <OptionSelect
              id={id}
              source="broadcasts"
              value={data.broadcast_id ?? undefined}
              onChange={(v) => set('broadcast_id', v ?? null)}
            />
          )}
        </Field>
      )}
      {type === 'trigger.schedule' && (
        <>
          <Segmented
            value={periodic ? 'cron' : 'at'}
            onChange={(value) =>
              onChange(value === 'at' ? { at: Math.round(Date.now() / 1000) + 3600 } : { cron: '0 9 * * *' })
            }
            options={[
              { value: 'at', label: t('workflows.settings.oneTime') },
              { value: 'cron', label: t('workflows.settings.periodic') },
            ]}
          />
          {periodic ? (
            <>
              <Field label={t('workflows.settings.cron')}>
                {(id) => (
                  <Input id={id} value={String(data.cron ?? '')} onChange={(e) => set('cron', e.target.value)} />
                )}
              </Field>
              <Field label={t('workflows.settings.forTags')}>
                {(id) => (
                  <OptionSelect
                    id={id}
                    source="tags"
                    multiple
                    value={data.tag_ids}
                    onChange={(v) => set('tag_ids', v)}
                  />
                )}
              </Field>
            </>
          ) : (
            <Field label={t('workflows.settings.at')}>
              {(id) => (
                <Input
                  id={id}
                  type="datetime-local"
                  value={typeof data.at === 'number' ? toLocalInput(data.at) : ''}
                  onChange={(e) => e.target.value && set('at', fromLocalInput(e.target.value))}
                />
              )}
            </Field>
          )}
        </>
      )}
      {type === 'trigger.webhook' &&
        (webhook ? (
          <Flex vertical gap={8}>
            <CopyLine label={t('workflows.settings.webhookUrl')} value={webhook.url} />
            <CopyLine label={t('workflows.settings.webhookSecret')} value={webhook.secret} />
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('workflows.settings.webhookAfterSave')}</Typography.Text>
        ))}
    </Flex>
  );
}

function CopyLine({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Field label={label}>
      {(id) => (
        <Flex gap={4}>
          <Input id={id} readOnly value={value} />
          <Button
            icon={<CopyOutlined aria-hidden />}
            aria-label={t('workflows.settings.copy', { what: label })}
            onClick={() => void navigator.clipboard?.writeText(value)}
          />
        </Flex>
      )}
    </Field>
  );
}
