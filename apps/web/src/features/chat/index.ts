export { CustomerConversations } from './CustomerConversations.tsx';
