import { useTranslation } from 'react-i18next';
import { TokenLinkPage } from './TokenLinkPage.tsx';
import './i18n/auth.ts';

/** /auth/verify?token=...: verifies the sign-up e-mail address on load and links to sign in. */
export function VerifyPage() {
  const { t } = useTranslation();
  return <TokenLinkPage link="verify" title={t('auth.verifyTitle')} />;
}

/** /auth/confirm-email?token=...: makes a new e-mail address the account's, from the link mailed to it. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  return <TokenLinkPage link="confirm-email" title={t('auth.confirmEmailTitle')} />;
}
