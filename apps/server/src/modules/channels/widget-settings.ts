import { DEFAULT_WIDGET_SETTINGS, type WidgetSettings } from '@omnichat/contracts';
import type { ChannelRow } from './channels.tables.ts';

/** A web-chat channel's widget settings: the saved ones over the defaults (null for Meta channels). */
export const widgetOf = (row: ChannelRow): WidgetSettings | null =>
  row.type === 'webchat'
    ? {
        ...DEFAULT_WIDGET_SETTINGS,
        ...row.widget,
        pre_chat: { ...DEFAULT_WIDGET_SETTINGS.pre_chat, ...row.widget?.pre_chat },
      }
    : null;
