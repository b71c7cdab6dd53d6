/**
 * The endpoints that modules of the entry script call (public settings, the session's organizations and
 * permissions, the token refresh, the sockets' tickets). They are imported on first use, so their schemas and zod
 * load with the first call instead of with every page (the entry's budget is 200 KB gzipped).
 */
export {
  adminAuthEndpoints,
  authEndpoints,
  currentSubscriptionEndpoint,
  selfEndpoints,
  settingEndpoints,
  socketEndpoints,
} from '@omnichat/contracts';
