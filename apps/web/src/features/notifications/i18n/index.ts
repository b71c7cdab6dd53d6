import { i18n } from '../../../app/i18n/index.ts';
import { notificationsEn } from './en.ts';
import { notificationsZhCn } from './zh-cn.ts';
import { notificationsZhHk } from './zh-hk.ts';

/** The notification panel's and settings page's texts come with their chunks, as the `notifications` namespace. */
export const NOTIFICATIONS_NS = 'notifications';
i18n.addResourceBundle('en', NOTIFICATIONS_NS, notificationsEn, true, true);
i18n.addResourceBundle('zh-hk', NOTIFICATIONS_NS, notificationsZhHk, true, true);
i18n.addResourceBundle('zh-cn', NOTIFICATIONS_NS, notificationsZhCn, true, true);
