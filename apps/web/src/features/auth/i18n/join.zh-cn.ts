import type { JoinCatalogue } from './join.en.ts';

export const joinZhCn: JoinCatalogue = {
  title: '加入组织',
  loading: '正在加载邀请...',
  invitedYou: '{{inviter}} 邀请你以 {{role}} 身份加入 {{organization}}。',
  sentTo: '此邀请已发送至 {{email}}。',
  accept: '接受邀请',
  signInToAccept: '登录以接受',
  createAndJoin: '创建账户并加入',
  newAccountHint: '请设置你的账户信息以加入。',
  signedInAs: '已登录为 {{name}}。',
  invalidTitle: '此邀请无法使用',
  missingToken: '链接缺少邀请令牌。请再次打开邮件中的链接。',
};
