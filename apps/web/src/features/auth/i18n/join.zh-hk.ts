import type { JoinCatalogue } from './join.en.ts';

export const joinZhHk: JoinCatalogue = {
  title: '加入組織',
  loading: '正在載入邀請...',
  invitedYou: '{{inviter}} 邀請你以 {{role}} 身分加入 {{organization}}。',
  sentTo: '此邀請已發送至 {{email}}。',
  accept: '接受邀請',
  signInToAccept: '登入以接受',
  createAndJoin: '建立帳戶並加入',
  newAccountHint: '請設定你的帳戶資料以加入。',
  signedInAs: '已登入為 {{name}}。',
  invalidTitle: '此邀請無法使用',
  missingToken: '連結缺少邀請權杖。請再次開啟電郵中的連結。',
};
