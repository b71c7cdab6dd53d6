import {
  CHANNEL_TYPES,
  type Channel,
  type ChannelType,
  createChannelBodySchema,
  isMessageKey,
  type Locale,
  translate,
  updateChannelBodySchema,
} from '@omnichat/contracts';
import {
  Alert,
  Button,
  Drawer,
  Flex,
  Form,
  type FormRule,
  Input,
  InputNumber,
  Segmented,
  Space,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/http/index.ts';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { AllowedOriginsField } from './AllowedOriginsField.tsx';
import { AutoAssignFields, type AutoAssignValues, autoAssignChange, autoAssignValues } from './AutoAssignFields.tsx';
import {
  ID_FIELDS,
  type IdField,
  isMeta,
  randomToken,
  SECRET_FIELDS,
  TYPE_ICONS,
  useSaveChannel,
} from './channels-api.ts';
import { CHANNELS_NS } from './i18n/index.ts';
import { WidgetSettingsFields } from './WidgetSettingsFields.tsx';
import { toFormValues, toWidgetBody, type WidgetFormValues } from './widget-form.ts';

type Field = 'name' | IdField | (typeof SECRET_FIELDS)[number];
type Values = Partial<Record<Field, string>> & {
  allowed_origins?: string[];
  auto_assign?: AutoAssignValues;
  widget?: WidgetFormValues;
  messages_per_second?: number | null;
};

const fieldsOf = (type: ChannelType): Field[] => ['name', ...ID_FIELDS[type], ...(isMeta(type) ? SECRET_FIELDS : [])];
const isSecret = (field: Field) => (SECRET_FIELDS as readonly string[]).includes(field);
const filled = (value: string | undefined): value is string => Boolean(value?.trim());

/**
 * A field's rule from the contract, its messages naming the field as the server's do: empty is "required" (or
 * fine when `optional`), a catalogue message is translated, anything else read as too long.
 */
function fieldRule(field: Field, label: string, locale: Locale, optional: boolean): FormRule {
  const schema = updateChannelBodySchema.shape[field].unwrap();
  return {
    validator: async (_rule, value: string | undefined) => {
      if (!filled(value)) {
        if (optional) return;
        throw new Error(
          translate(field === 'name' ? 'channel_name_required' : 'field_required', locale, { field: label }),
        );
      }
      const result = schema.safeParse(value);
      if (result.success) return;
      const issue = result.error.issues[0];
      const key = issue && isMessageKey(issue.message) ? issue.message : 'field_too_long';
      const max = issue && 'maximum' in issue ? String(issue.maximum) : '';
      throw new Error(translate(key, locale, { field: label, max }));
    },
  };
}

/**
 * The type's fields that hold more than blanks (an empty secret of a change keeps the stored one), and a web
 * chat's whole list of allowed websites without empty rows.
 */
const filledFields = (type: ChannelType, values: Values) => ({
  ...Object.fromEntries(fieldsOf(type).flatMap((field) => (filled(values[field]) ? [[field, values[field]]] : []))),
  ...(type === 'webchat' && { allowed_origins: (values.allowed_origins ?? []).filter(filled) }),
  ...(type === 'webchat' && values.widget && { widget: toWidgetBody(values.widget) }),
});

/** Connect (`'new'`) or change a channel: the type is chosen first and fixed afterwards. */
export function ChannelDrawer({ channel, onClose }: { channel: Channel | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation(CHANNELS_NS);
  const { locale } = usePreferences();
  const [form] = Form.useForm<Values>();
  const save = useSaveChannel();
  const editing = channel && channel !== 'new' ? channel : null;
  const [chosen, setChosen] = useState<ChannelType>('whatsapp');
  const [failure, setFailure] = useState<string | null>(null);
  const type = editing?.type ?? chosen;

  const close = () => {
    setFailure(null);
    setChosen('whatsapp');
    onClose();
  };
  const initial: Values = editing
    ? {
        name: editing.name,
        ...Object.fromEntries(ID_FIELDS[type].map((field) => [field, editing[field] ?? ''])),
        allowed_origins: editing.allowed_origins,
        auto_assign: autoAssignValues(editing.auto_assign),
        widget: toFormValues(editing.widget),
        messages_per_second: editing.messages_per_second,
      }
    : { widget: toFormValues(null) };

  return (
    <Drawer
      open={channel !== null}
      onClose={close}
      title={editing ? t('editTitle', { name: editing.name }) : t('createTitle')}
      size="min(520px, 100vw)"
      destroyOnHidden
    >
      <ApiForm<Values>
        form={form}
        name="channel"
        initialValues={initial}
        submit={(values) => {
          setFailure(null);
          // parsing trims the values and keeps the contract's fields only
          const fields = filledFields(type, values);
          // the auto-assignment is sent, whole, when it changed
          const autoAssign = editing && autoAssignChange(values.auto_assign, editing.auto_assign);
          // a WhatsApp number's send rate, when it changed
          const rate = values.messages_per_second;
          const rateChange = editing?.type === 'whatsapp' && rate != null && rate !== editing.messages_per_second;
          return editing
            ? save.mutateAsync({
                id: editing.id,
                body: updateChannelBodySchema.parse({
                  ...fields,
                  ...(autoAssign && { auto_assign: autoAssign }),
                  ...(rateChange && { messages_per_second: rate }),
                }),
              })
            : save.mutateAsync({ body: createChannelBodySchema.parse({ type, ...fields }) });
        }}
        onDone={close}
        onFailed={(error) => {
          if (error instanceof ApiError && error.status >= 400) setFailure(error.message);
        }}
        requiredMark
      >
        {!editing && (
          <Form.Item label={t('fields.type')}>
            <Segmented<ChannelType>
              block
              value={chosen}
              onChange={setChosen}
              options={CHANNEL_TYPES.map((value) => {
                const Icon = TYPE_ICONS[value];
                return { value, label: t(`types.${value}`), icon: <Icon aria-hidden /> };
              })}
            />
          </Form.Item>
        )}
        {fieldsOf(type).map((field) => {
          const label = t(`fields.${field}`);
          const optional = Boolean(editing) && isSecret(field);
          const rules = [fieldRule(field, label, locale, optional)];
          const placeholder = optional ? t('keepSecret') : undefined;
          if (field === 'verify_token')
            return (
              <Form.Item
                key={field}
                label={label}
                required={!optional}
                htmlFor="channel_verify_token"
                extra={t('generateHint')}
              >
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name={field} noStyle rules={rules}>
                    <Input id="channel_verify_token" autoComplete="off" placeholder={placeholder} />
                  </Form.Item>
                  <Button onClick={() => form.setFieldValue(field, randomToken())}>{t('generate')}</Button>
                </Space.Compact>
              </Form.Item>
            );
          return (
            <Form.Item key={field} name={field} label={label} required={!optional} rules={rules}>
              {isSecret(field) ? (
                <Input.Password autoComplete="new-password" placeholder={placeholder} />
              ) : (
                <Input autoComplete="off" inputMode={field === 'name' ? undefined : 'numeric'} />
              )}
            </Form.Item>
          );
        })}
        {type === 'webchat' && <AllowedOriginsField />}
        {editing?.type === 'whatsapp' && (
          <Form.Item
            name="messages_per_second"
            label={t('fields.messages_per_second')}
            extra={t('messagesPerSecondHint')}
            rules={[
              {
                validator: async (_rule, value: number | null | undefined) => {
                  if (value == null) return;
                  const parsed = updateChannelBodySchema.shape.messages_per_second.safeParse(value);
                  if (!parsed.success) throw new Error(translate('messages_per_second_invalid', locale));
                },
              },
            ]}
          >
            <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} inputMode="numeric" />
          </Form.Item>
        )}
        {editing && <AutoAssignFields />}
        {type === 'webchat' && <WidgetSettingsFields channelName={editing?.name ?? ''} />}
        <Typography.Paragraph type="secondary">
          {isMeta(type) ? t('graphCheck') : t('webchatHint')}
        </Typography.Paragraph>
        {failure && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t('saveFailed')}
            description={failure}
            style={{ marginBottom: 16 }}
          />
        )}
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={close}>{t('common.cancel', { ns: 'translation' })}</Button>
          <SubmitButton>
            {editing ? t('common.save', { ns: 'translation' }) : t('common.create', { ns: 'translation' })}
          </SubmitButton>
        </Flex>
      </ApiForm>
    </Drawer>
  );
}
