import { i18n } from '../../../app/i18n/index.ts';
import { chatDeskEn } from './desk.en.ts';
import { chatDeskZhCn } from './desk.zh-cn.ts';
import { chatDeskZhHk } from './desk.zh-hk.ts';
import { chatEn } from './en.ts';
import { chatToolsEn } from './tools.en.ts';
import { chatToolsZhCn } from './tools.zh-cn.ts';
import { chatToolsZhHk } from './tools.zh-hk.ts';
import { chatZhCn } from './zh-cn.ts';
import { chatZhHk } from './zh-hk.ts';

/** The inbox's texts come with its chunk: every language's, as the `chat` namespace. */
export const CHAT_NS = 'chat';
i18n.addResourceBundle('en', CHAT_NS, { ...chatEn, ...chatToolsEn, desk: chatDeskEn }, true, true);
i18n.addResourceBundle('zh-hk', CHAT_NS, { ...chatZhHk, ...chatToolsZhHk, desk: chatDeskZhHk }, true, true);
i18n.addResourceBundle('zh-cn', CHAT_NS, { ...chatZhCn, ...chatToolsZhCn, desk: chatDeskZhCn }, true, true);
