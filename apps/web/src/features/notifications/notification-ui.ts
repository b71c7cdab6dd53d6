// One lazy chunk for what the bell loads later: the panel when it is opened, and the web push flow about a second
// after load. Separate chunks would each split the first screen's shared chunks anew (bundle budgets).
export { NotificationPanel } from './NotificationPanel.tsx';
export { startPushFlow } from './push.ts';
