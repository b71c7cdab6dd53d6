import type { AccountCatalogue } from './account.en.ts';

export const accountZhCn: AccountCatalogue = {
  changeEmail: '更改邮箱',
  changeEmailHint: '你的邮箱地址是 {{email}}。新地址会收到一条链接，打开后才会成为你的邮箱地址。',
  newEmail: '新邮箱',
  passwordForEmail: '密码',
  sendConfirmation: '发送确认链接',
  details: '账户信息',
  avatar: '头像',
  displayName: '显示名称',
  email: '邮箱',
  username: '用户名',
  changePassword: '修改密码',
  oldPassword: '当前密码',
  newPassword: '新密码',
  confirmPassword: '确认新密码',
  updatePassword: '修改密码',
};
