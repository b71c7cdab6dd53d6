export { csAgentKeys } from './cs-agents-api.ts';
export { CS_AGENTS_PATH } from './parts.tsx';
