export { verifiedGoogleIdentity } from './google-identity.ts';
export { createLinkRequests } from './link-requests.ts';
export { createLoginGuard } from './login-guard.ts';
export { authMails } from './mails.ts';
export { reclaimUnverified } from './squatted-registration.ts';
