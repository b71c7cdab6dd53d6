/** Business constants of SPEC 9, shared by server and web. */
export const LIMITS = {
  uploadMaxBytes: 20 * 1024 * 1024,
  organizationNameMax: 100,
  teamNameMax: 100,
  teamDescriptionMax: 500,
  uniqueTagMax: 50,
  currencyMax: 10,
  personNameMax: 50,
  displayNameMax: 100,
  passwordMin: 8,
  /** Longest password accepted: argon2 input stays bounded. */
  passwordMax: 256,
  usernameMax: 64,
  emailMax: 254,
  topUpMinimumCents: 1000,
  notificationPageSize: 10,
  notificationStatusSize: 999,
  unreadBadgeCap: 99,
  searchDebounceMs: 500,
  toastDurationMs: 5000,
  toastMaxVisible: 3,
  toastSwipeThresholdPx: 45,
  socketPingMs: 7000,
  notificationPollMs: 5000,
  socketReconnectBaseMs: 1000,
  socketMaxReconnects: 5,
  pushPermissionPromptDelayMs: 1000,
  pushAutoSubscribeDelayMs: 500,
  requestRetryDelayMs: 3000,
  sidebarWidthPx: 288,
} as const;

export const SYSTEM_MODES = ['platform', 'single'] as const;
export type SystemMode = (typeof SYSTEM_MODES)[number];
