export interface WidgetTexts {
  open: string;
  close: string;
  placeholder: string;
  send: string;
  welcome: string;
  failed: string;
  offline: string;
}

/** The widget's few words, in the visitor's browser language (the app's three). */
const TEXTS = {
  en: {
    open: 'Chat with us',
    close: 'Close the chat',
    placeholder: 'Type a message…',
    send: 'Send',
    welcome: 'Hi! Ask us anything, we usually answer within minutes.',
    failed: 'Not sent. Tap to try again.',
    offline: 'Reconnecting…',
  },
  'zh-hk': {
    open: '與我們對話',
    close: '關閉對話',
    placeholder: '輸入訊息…',
    send: '傳送',
    welcome: '你好！有任何問題都可以問我們，我們通常會在幾分鐘內回覆。',
    failed: '未能傳送，按此重試。',
    offline: '正在重新連線…',
  },
  'zh-cn': {
    open: '与我们对话',
    close: '关闭对话',
    placeholder: '输入消息…',
    send: '发送',
    welcome: '你好！有任何问题都可以问我们，我们通常会在几分钟内回复。',
    failed: '未能发送，点击重试。',
    offline: '正在重新连接…',
  },
} satisfies Record<string, Record<keyof WidgetTexts, string>>;

/** zh-TW/zh-HK/zh-Hant read Traditional Chinese, other zh Simplified, everything else English. */
export function textsFor(language: string): WidgetTexts {
  const tag = language.toLowerCase();
  if (!tag.startsWith('zh')) return TEXTS.en;
  return /hk|tw|mo|hant/.test(tag) ? TEXTS['zh-hk'] : TEXTS['zh-cn'];
}
