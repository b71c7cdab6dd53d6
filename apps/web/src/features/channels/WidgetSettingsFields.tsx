import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { PRE_CHAT_FIELDS, PRE_CHAT_MODES, translate, WEBCHAT_LIMITS, WIDGET_COLOR_PATTERN } from '@omnichat/contracts';
import { Avatar, Button, Checkbox, Divider, Flex, Form, Input, Segmented, Select, Switch, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { ColorField } from '../../ui/ColorField.tsx';
import { CHANNELS_NS } from './i18n/index.ts';
import { WidgetPreview } from './WidgetPreview.tsx';
import { previewConfig, WEEKDAYS, type WidgetFormValues } from './widget-form.ts';

const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** The agent's picture: chosen from the computer (a small image, kept as a data URL), shown, removable. */
function AvatarPicker({ value, onChange }: { value?: string | null; onChange?: (value: string | null) => void }) {
  const { t } = useTranslation(CHANNELS_NS);
  const { locale } = usePreferences();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type) || file.size > (WEBCHAT_LIMITS.avatarMax * 3) / 4) {
      setError(translate('widget_avatar_invalid', locale));
      return;
    }
    setError(null);
    const reader = new FileReader();
    reader.onload = () => onChange?.(String(reader.result));
    reader.readAsDataURL(file);
  };
  return (
    <Flex vertical gap={4}>
      <Flex gap={8} align="center">
        <Avatar size={40} src={value || undefined} alt="">
          {value ? null : '?'}
        </Avatar>
        <input
          ref={input}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          hidden
          aria-label={t('widgetSettings.avatarFile')}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button icon={<UploadOutlined aria-hidden />} onClick={() => input.current?.click()}>
          {t('widgetSettings.avatarChoose')}
        </Button>
        {value && (
          <Button
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('widgetSettings.avatarRemove')}
            onClick={() => onChange?.(null)}
          />
        )}
      </Flex>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Flex>
  );
}

/** A web chat's widget: its look, the pre-chat questions, business hours and the offline message, with a live preview. */
export function WidgetSettingsFields({ channelName }: { channelName: string }) {
  const { t } = useTranslation(CHANNELS_NS);
  const { locale } = usePreferences();
  const form = Form.useFormInstance();
  const values = Form.useWatch('widget', { form, preserve: true }) as WidgetFormValues | undefined;
  const name = (Form.useWatch('name', form) as string | undefined)?.trim() || channelName;
  const [online, setOnline] = useState<'online' | 'offline'>('online');
  const hoursOn = Boolean(values?.hours_enabled);
  const limit = (max: number) => ({ max, message: translate('field_too_long', locale, { field: '', max }) });

  return (
    <>
      <Divider titlePlacement="start">{t('widgetSettings.title')}</Divider>
      <Form.Item
        name={['widget', 'color']}
        label={t('widgetSettings.color')}
        rules={[
          {
            pattern: WIDGET_COLOR_PATTERN,
            message: translate('widget_color_invalid', locale),
          },
        ]}
      >
        <ColorField label={t('widgetSettings.color')} />
      </Form.Item>
      <Form.Item
        name={['widget', 'title']}
        label={t('widgetSettings.panelTitle')}
        rules={[limit(WEBCHAT_LIMITS.titleMax)]}
      >
        <Input placeholder={name} />
      </Form.Item>
      <Form.Item
        name={['widget', 'greeting']}
        label={t('widgetSettings.greeting')}
        rules={[limit(WEBCHAT_LIMITS.greetingMax)]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} placeholder={t('widgetSettings.greetingPlaceholder')} />
      </Form.Item>
      <Form.Item
        name={['widget', 'agent_name']}
        label={t('widgetSettings.agentName')}
        extra={t('widgetSettings.agentHelp')}
        rules={[limit(WEBCHAT_LIMITS.agentNameMax)]}
      >
        <Input />
      </Form.Item>
      <Form.Item name={['widget', 'agent_avatar']} label={t('widgetSettings.agentAvatar')}>
        <AvatarPicker />
      </Form.Item>

      <Typography.Title level={5}>{t('widgetSettings.preChat')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('widgetSettings.preChatHelp')}</Typography.Paragraph>
      {PRE_CHAT_FIELDS.map((field) => (
        <Form.Item key={field} name={['widget', 'pre_chat', field]} label={t(`widgetSettings.ask.${field}`)}>
          <Select
            aria-label={t(`widgetSettings.ask.${field}`)}
            options={PRE_CHAT_MODES.map((mode) => ({ value: mode, label: t(`widgetSettings.modes.${mode}`) }))}
          />
        </Form.Item>
      ))}

      <Typography.Title level={5}>{t('widgetSettings.hours')}</Typography.Title>
      <Form.Item
        name={['widget', 'hours_enabled']}
        valuePropName="checked"
        label={t('widgetSettings.hoursEnabled')}
        extra={t('widgetSettings.hoursHelp')}
      >
        <Switch />
      </Form.Item>
      {/* kept in the form while off, so the schedule stays as it was */}
      <div hidden={!hoursOn}>
        {WEEKDAYS.map((day) => (
          <Flex key={day} gap={8} align="center" wrap style={{ marginBottom: 8 }}>
            <Form.Item name={['widget', 'days', day, 'open']} valuePropName="checked" noStyle>
              <Checkbox style={{ width: 110 }}>{t(`widgetSettings.days.${day}`)}</Checkbox>
            </Form.Item>
            <Form.Item name={['widget', 'days', day, 'from']} noStyle>
              <Input
                type="time"
                aria-label={t('widgetSettings.opens', { day: t(`widgetSettings.days.${day}`) })}
                style={{ width: 120 }}
              />
            </Form.Item>
            <span aria-hidden>–</span>
            <Form.Item name={['widget', 'days', day, 'to']} noStyle>
              <Input
                type="time"
                aria-label={t('widgetSettings.closes', { day: t(`widgetSettings.days.${day}`) })}
                style={{ width: 120 }}
              />
            </Form.Item>
          </Flex>
        ))}
      </div>
      <Form.Item
        name={['widget', 'offline_message']}
        label={t('widgetSettings.offlineMessage')}
        rules={[limit(WEBCHAT_LIMITS.offlineMessageMax)]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} placeholder={t('widgetSettings.offlinePlaceholder')} />
      </Form.Item>

      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('widgetSettings.preview')}
        </Typography.Title>
        <Segmented<'online' | 'offline'>
          value={online}
          onChange={setOnline}
          options={[
            { value: 'online', label: t('widgetSettings.online') },
            { value: 'offline', label: t('widgetSettings.offline') },
          ]}
        />
      </Flex>
      {values && (
        <WidgetPreview
          config={previewConfig(name, values, online === 'online')}
          language={locale}
          noFiles={t('widgetSettings.previewNoFiles')}
          label={t('widgetSettings.preview')}
        />
      )}
    </>
  );
}
