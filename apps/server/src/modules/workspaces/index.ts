export { toSelfWorkspace, toWorkspaceMemberDto, toWorkspaceSummary } from './workspaces.dto.ts';
export { createWorkspacesService, findMembership, lockWorkspace } from './workspaces.service.ts';
