import { i18n } from '../../../app/i18n/index.ts';
import { channelsEn } from './en.ts';
import { channelsZhCn } from './zh-cn.ts';
import { channelsZhHk } from './zh-hk.ts';

/** The channels page's texts come with its chunk: every language's, as the `channels` namespace. */
export const CHANNELS_NS = 'channels';
i18n.addResourceBundle('en', CHANNELS_NS, channelsEn, true, true);
i18n.addResourceBundle('zh-hk', CHANNELS_NS, channelsZhHk, true, true);
i18n.addResourceBundle('zh-cn', CHANNELS_NS, channelsZhCn, true, true);
