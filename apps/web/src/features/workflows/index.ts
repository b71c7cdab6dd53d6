export { WORKFLOWS_PATH } from './parts.tsx';
export { workflowKeys } from './workflows-api.ts';
