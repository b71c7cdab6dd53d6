/** The widget's words, in the visitor's language (the app's three). `{x}` is filled in by `fill`. */
const en = {
  open: 'Chat with us',
  close: 'Close the chat',
  placeholder: 'Type a message…',
  send: 'Send',
  welcome: 'Hi! Ask us anything, we usually answer within minutes.',
  failed: 'Not sent. Tap to try again.',
  reconnecting: 'Reconnecting…',
  attach: 'Send a file',
  tooLarge: 'This file is larger than {size}: choose a smaller one.',
  typing: 'Typing…',
  preChat: 'Tell us a little about yourself to start.',
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  optional: '(optional)',
  start: 'Start chat',
  offline: 'We are away right now. Leave your e-mail and we will get back to you.',
  leaveEmail: 'Your e-mail for a reply',
  saveEmail: 'Send',
  emailSaved: 'Thanks! We will reply to {email}.',
  closed: 'This conversation has been closed.',
  rate: 'How was our help?',
  star: '{n} out of 5',
  comment: 'Anything to add? (optional)',
  sendRating: 'Send rating',
  rated: 'Thank you for your rating!',
  writeAgain: 'Write again any time to start a new conversation.',
  file: 'File',
};
export type WidgetTexts = typeof en;

const TEXTS: Record<'en' | 'zh-hk' | 'zh-cn', WidgetTexts> = {
  en,
  'zh-hk': {
    open: '與我們對話',
    close: '關閉對話',
    placeholder: '輸入訊息…',
    send: '傳送',
    welcome: '你好！有任何問題都可以問我們，我們通常會在幾分鐘內回覆。',
    failed: '未能傳送，按此重試。',
    reconnecting: '正在重新連線…',
    attach: '傳送檔案',
    tooLarge: '檔案大於 {size}，請選擇較小的檔案。',
    typing: '正在輸入…',
    preChat: '開始對話前，請簡單介紹一下自己。',
    name: '名字',
    email: '電郵',
    phone: '電話',
    optional: '（選填）',
    start: '開始對話',
    offline: '我們暫時不在線。請留下你的電郵，我們會盡快回覆你。',
    leaveEmail: '用來回覆你的電郵',
    saveEmail: '傳送',
    emailSaved: '多謝！我們會回覆至 {email}。',
    closed: '此對話已結束。',
    rate: '你對我們的協助滿意嗎？',
    star: '5 分中的 {n} 分',
    comment: '還有其他意見嗎？（選填）',
    sendRating: '提交評分',
    rated: '多謝你的評分！',
    writeAgain: '你隨時可以再傳訊息，開始新的對話。',
    file: '檔案',
  },
  'zh-cn': {
    open: '与我们对话',
    close: '关闭对话',
    placeholder: '输入消息…',
    send: '发送',
    welcome: '你好！有任何问题都可以问我们，我们通常会在几分钟内回复。',
    failed: '未能发送，点击重试。',
    reconnecting: '正在重新连接…',
    attach: '发送文件',
    tooLarge: '文件大于 {size}，请选择较小的文件。',
    typing: '正在输入…',
    preChat: '开始对话前，请简单介绍一下自己。',
    name: '姓名',
    email: '邮箱',
    phone: '电话',
    optional: '（选填）',
    start: '开始对话',
    offline: '我们暂时不在线。请留下你的邮箱，我们会尽快回复你。',
    leaveEmail: '用于回复你的邮箱',
    saveEmail: '发送',
    emailSaved: '谢谢！我们会回复到 {email}。',
    closed: '此对话已结束。',
    rate: '你对我们的帮助满意吗？',
    star: '5 分中的 {n} 分',
    comment: '还有其他意见吗？（选填）',
    sendRating: '提交评分',
    rated: '感谢你的评分！',
    writeAgain: '你可以随时再发消息，开始新的对话。',
    file: '文件',
  },
};

/** The locale of a language tag: zh-TW/zh-HK/zh-Hant read Traditional Chinese, other zh Simplified, else English. */
export function localeOf(language: string): 'en' | 'zh-hk' | 'zh-cn' {
  const tag = language.toLowerCase();
  if (!tag.startsWith('zh')) return 'en';
  return /hk|tw|mo|hant/.test(tag) ? 'zh-hk' : 'zh-cn';
}

export const textsFor = (language: string): WidgetTexts => TEXTS[localeOf(language)];

export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
