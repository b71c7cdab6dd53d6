/** The account texts, which come with their pages' chunk (as `account.*`). */
export const accountEn = {
  changeEmail: 'Change e-mail',
  changeEmailHint:
    'Your e-mail address is {{email}}. The new address receives a link; it becomes your e-mail address when you open it.',
  newEmail: 'New e-mail',
  passwordForEmail: 'Password',
  sendConfirmation: 'Send confirmation link',
  details: 'Account details',
  avatar: 'Avatar',
  displayName: 'Display name',
  email: 'E-mail',
  username: 'Username',
  changePassword: 'Change password',
  oldPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  updatePassword: 'Change password',
};
export type AccountCatalogue = typeof accountEn;
