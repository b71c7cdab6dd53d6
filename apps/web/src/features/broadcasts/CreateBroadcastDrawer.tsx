import {
  BROADCAST_PARAMETER_FIELDS,
  type BroadcastBody,
  type BroadcastParameterField,
  placeholdersOf,
} from '@omnichat/contracts';
import { Alert, Button, DatePicker, Drawer, Empty, Flex, Form, Input, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../app/http/index.ts';
import { useSession } from '../../app/session/use-session.ts';
import { TemplatePreview, useApprovedTemplates } from '../templates/index.ts';
import { type AudienceDraft, AudienceStep, audienceOf, EMPTY_AUDIENCE, listsPending } from './AudienceStep.tsx';
import { useCreateBroadcast } from './broadcasts-api.ts';
import { wallTimeToUnix } from './zone.ts';

type Source = BroadcastParameterField | 'fixed';

const errorText = (failure: unknown) =>
  failure instanceof ApiError
    ? [failure.message, ...Object.values(failure.fields ?? {})]
        .filter((text, at, all) => all.indexOf(text) === at)
        .join(' · ')
    : String(failure);

/** The broadcast form: channel, approved template and its values, audience, and when; the server's answer shown. */
export function CreateBroadcastDrawer({
  open,
  channels,
  onClose,
}: {
  open: boolean;
  channels: { id: string; name: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { member, workspaceId } = useSession();
  const zone = member?.workspace.time_zone ?? 'UTC';
  const navigate = useNavigate();
  const create = useCreateBroadcast();
  const [name, setName] = useState('');
  const [channelId, setChannelId] = useState<string | undefined>(channels.length === 1 ? channels[0]!.id : undefined);
  const [templateId, setTemplateId] = useState<string>();
  const [sources, setSources] = useState<Record<string, Source>>({});
  const [fixed, setFixed] = useState<Record<string, string>>({});
  const [audience, setAudience] = useState<AudienceDraft>(EMPTY_AUDIENCE);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [sendAt, setSendAt] = useState<Dayjs | null>(null);
  const [error, setError] = useState<string | null>(null);
  const templates = useApprovedTemplates(workspaceId, channelId ?? '');
  const channelTemplates = channelId ? (templates.data ?? []) : [];
  const template = channelTemplates.find((item) => item.id === templateId);
  const keys = template ? placeholdersOf(template.body).sort((a, b) => Number(a) - Number(b)) : [];
  const sourceOf = (key: string): Source => sources[key] ?? (key === '1' ? 'first_name' : 'fixed');
  const previewValues = Object.fromEntries(
    keys.map((key) => [key, sourceOf(key) === 'fixed' ? fixed[key] : `[${t(`broadcasts.fields.${sourceOf(key)}`)}]`]),
  );

  const submit = async () => {
    setError(null);
    const body: BroadcastBody = {
      name: name.trim(),
      channel_id: channelId ?? '',
      template_id: templateId ?? '',
      parameters: keys.map((key) => {
        const source = sourceOf(key);
        return source === 'fixed' ? { key, value: fixed[key] ?? '' } : { key, field: source };
      }),
      audience: audienceOf(audience),
      ...(when === 'later' &&
        sendAt && {
          send_at: wallTimeToUnix(
            {
              year: sendAt.year(),
              month: sendAt.month() + 1,
              day: sendAt.date(),
              hour: sendAt.hour(),
              minute: sendAt.minute(),
            },
            zone,
          ),
        }),
    };
    try {
      const created = await create.mutateAsync(body);
      // no toast: the broadcast's own page is the confirmation, and a toast there would cover its Pause and Cancel
      onClose();
      navigate(`/app/chat/whatsapp-broadcast/${created.id}`);
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('broadcasts.createTitle')}
      size="min(1040px, 100vw)"
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button
            type="primary"
            loading={create.isPending}
            disabled={!template || listsPending(audience)}
            onClick={submit}
          >
            {t('broadcasts.submit')}
          </Button>
        </Flex>
      }
    >
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      <Flex gap={24} wrap align="flex-start">
        <Form layout="vertical" style={{ flex: '1 1 320px', minWidth: 0 }} onFinish={submit}>
          <Form.Item label={t('broadcasts.name')} htmlFor="broadcast-name" required>
            <Input
              id="broadcast-name"
              value={name}
              maxLength={200}
              placeholder={t('broadcasts.namePlaceholder')}
              onChange={(event) => setName(event.target.value)}
            />
          </Form.Item>
          <Form.Item label={t('broadcasts.channel')} required>
            <Select
              aria-label={t('broadcasts.channel')}
              placeholder={t('broadcasts.channelPlaceholder')}
              value={channelId}
              onChange={(value) => {
                setChannelId(value);
                setTemplateId(undefined);
              }}
              options={channels.map((channel) => ({ value: channel.id, label: channel.name }))}
            />
          </Form.Item>
          <Form.Item label={t('broadcasts.template')} required>
            {channelId && templates.data && !templates.data.length ? (
              <Empty description={t('broadcasts.noTemplates')} />
            ) : (
              <Select
                showSearch
                optionFilterProp="label"
                aria-label={t('broadcasts.template')}
                placeholder={t('broadcasts.templatePlaceholder')}
                disabled={!channelId}
                loading={Boolean(channelId) && templates.isPending}
                value={templateId}
                onChange={setTemplateId}
                options={channelTemplates.map((item) => ({ value: item.id, label: `${item.name} · ${item.language}` }))}
              />
            )}
          </Form.Item>
          {keys.length > 0 && (
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend style={{ fontSize: 14, marginBottom: 8 }}>{t('broadcasts.parameters')}</legend>
              {keys.map((key) => {
                const placeholder = `{{${key}}}`;
                return (
                  <Flex key={key} gap={8} wrap style={{ marginBottom: 12 }}>
                    <Select
                      style={{ minWidth: 160 }}
                      aria-label={t('broadcasts.parameterSource', { placeholder })}
                      value={sourceOf(key)}
                      onChange={(value) => setSources((current) => ({ ...current, [key]: value }))}
                      options={[
                        ...BROADCAST_PARAMETER_FIELDS.map((value) => ({
                          value,
                          label: t(`broadcasts.fields.${value}`),
                        })),
                        { value: 'fixed', label: t('broadcasts.fixed') },
                      ]}
                    />
                    {sourceOf(key) === 'fixed' && (
                      <Input
                        style={{ flex: 1, minWidth: 140 }}
                        aria-label={t('broadcasts.fixedValue', { placeholder })}
                        value={fixed[key] ?? ''}
                        onChange={(event) => setFixed((current) => ({ ...current, [key]: event.target.value }))}
                      />
                    )}
                  </Flex>
                );
              })}
            </fieldset>
          )}
          <AudienceStep value={audience} onChange={setAudience} />
          <Form.Item
            label={t('broadcasts.when')}
            extra={when === 'later' ? t('broadcasts.sendAtHelp', { zone }) : null}
          >
            <Flex vertical gap={8}>
              <Radio.Group
                value={when}
                onChange={(event) => setWhen(event.target.value)}
                options={(['now', 'later'] as const).map((value) => ({
                  value,
                  label: t(`broadcasts.whenKind.${value}`),
                }))}
              />
              {when === 'later' && (
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  aria-label={t('broadcasts.sendAt')}
                  value={sendAt}
                  onChange={setSendAt}
                />
              )}
            </Flex>
          </Form.Item>
        </Form>
        <div style={{ flex: '1 1 280px', minWidth: 0 }}>
          {template && (
            <TemplatePreview
              header={template.header}
              body={template.body}
              footer={template.footer}
              values={previewValues}
              buttons={template.buttons.map((button) => ({ type: String(button.type), text: String(button.text) }))}
            />
          )}
        </div>
      </Flex>
    </Drawer>
  );
}
