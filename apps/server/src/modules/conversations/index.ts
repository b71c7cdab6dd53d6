// What other modules use of conversations (web chat: its visitors' threads; assigning a conversation, with its
// events and activity line, `actor` null for the system); app.ts registers the module through conversations.module.ts.
export { factsOf } from './announce.ts';
export { type ConversationRow, conversations, type MessageRow, messages } from './conversations.tables.ts';
export {
  type CustomerFile,
  customerMessage,
  customerThread,
  latestConversation,
  rateConversation,
  storeCustomerText,
} from './customer-thread.ts';
export { type Actor, actorOf } from './desk/activities.ts';
export { type AiHandoffReason, switchAi } from './desk/ai-control.ts';
export { type AssignInput, assignConversation } from './desk/assignment.ts';
export { changeStatus } from './desk/status.ts';
export { replyWindow } from './outbound/send-message.ts';
export { type SystemOutgoing, sendSystemMessage, sendSystemText } from './outbound/system-text.ts';
