import type { AccountCatalogue } from './account.en.ts';

export const accountZhHk: AccountCatalogue = {
  changeEmail: '更改電郵',
  changeEmailHint: '你的電郵地址是 {{email}}。新地址會收到一條連結，打開後才會成為你的電郵地址。',
  newEmail: '新電郵',
  passwordForEmail: '密碼',
  sendConfirmation: '寄出確認連結',
  details: '帳戶資料',
  avatar: '頭像',
  displayName: '顯示名稱',
  email: '電郵',
  username: '用戶名稱',
  changePassword: '更改密碼',
  oldPassword: '目前密碼',
  newPassword: '新密碼',
  confirmPassword: '確認新密碼',
  updatePassword: '更改密碼',
};
