// What other modules use of conversations (web chat: its visitors' threads); app.ts registers the module through
// conversations.module.ts.
export type { MessageRow } from './conversations.tables.ts';
export {
  type CustomerFile,
  customerMessage,
  customerThread,
  latestConversation,
  rateConversation,
  storeCustomerText,
} from './customer-thread.ts';
