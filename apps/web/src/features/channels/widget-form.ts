import {
  type BusinessHours,
  DEFAULT_WIDGET_SETTINGS,
  type PreChatMode,
  WEBCHAT_LIMITS,
  type WebchatConfig,
  type WidgetSettings,
  type WidgetSettingsBody,
} from '@omnichat/contracts';

/** The widget's settings as the form holds them: one opening span a weekday (Sunday first), empty texts for none. */
export interface WidgetFormValues {
  color: string;
  title: string;
  greeting: string;
  agent_name: string;
  agent_avatar: string | null;
  pre_chat: { name: PreChatMode; email: PreChatMode; phone: PreChatMode };
  hours_enabled: boolean;
  days: { open: boolean; from: string; to: string }[];
  offline_message: string;
}

/** The weekdays in the order the form lists them: Monday first, Sunday (0) last. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;

export function toFormValues(settings: WidgetSettings | null): WidgetFormValues {
  const widget = settings ?? DEFAULT_WIDGET_SETTINGS;
  const days = [0, 1, 2, 3, 4, 5, 6].map((day) => {
    const span = widget.business_hours.hours.find((hours) => hours.day === day);
    return span ? { open: true, from: span.from, to: span.to } : { open: false, from: '09:00', to: '18:00' };
  });
  return {
    color: widget.color,
    title: widget.title ?? '',
    greeting: widget.greeting ?? '',
    agent_name: widget.agent_name ?? '',
    agent_avatar: widget.agent_avatar,
    pre_chat: { ...widget.pre_chat },
    hours_enabled: widget.business_hours.enabled,
    days,
    offline_message: widget.offline_message ?? '',
  };
}

const hoursOf = (values: WidgetFormValues): BusinessHours => ({
  enabled: values.hours_enabled,
  hours: (values.days ?? []).flatMap((day, index) => (day.open ? [{ day: index, from: day.from, to: day.to }] : [])),
});

/** What `PUT /v1/channels/{id}` is sent as `widget`. */
export const toWidgetBody = (values: WidgetFormValues): WidgetSettingsBody => ({
  color: values.color,
  title: values.title.trim() || null,
  greeting: values.greeting.trim() || null,
  agent_name: values.agent_name.trim() || null,
  agent_avatar: values.agent_avatar,
  pre_chat: values.pre_chat,
  business_hours: hoursOf(values),
  offline_message: values.offline_message.trim() || null,
});

/** The configuration the widget would load with these (unsaved) settings, online or not as the preview shows. */
export function previewConfig(name: string, values: WidgetFormValues, online: boolean): WebchatConfig {
  const widget = {
    color: /^#[0-9a-f]{6}$/i.test(values.color) ? values.color : DEFAULT_WIDGET_SETTINGS.color,
    title: values.title.trim() || null,
    greeting: values.greeting.trim() || null,
    agent_name: values.agent_name.trim() || null,
    agent_avatar: values.agent_avatar,
    pre_chat: values.pre_chat,
    business_hours: hoursOf(values),
    offline_message: values.offline_message.trim() || null,
  };
  return {
    ...widget,
    name,
    title: widget.title ?? name,
    time_zone: '',
    online,
    file_types: [],
    file_max_bytes: WEBCHAT_LIMITS.fileMaxBytes,
    widget,
  };
}
