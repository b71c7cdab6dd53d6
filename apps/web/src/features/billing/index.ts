// What other features use of billing: the organization settings' subscription tab (loaded when opened).
export { SubscriptionTab } from './SubscriptionTab.tsx';
