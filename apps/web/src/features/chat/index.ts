export { CustomerConversations } from './CustomerConversations.tsx';
export { LabelsSettings } from './LabelsSettings.tsx';
