export { toSelfWorkspace, toWorkspaceMemberDto, toWorkspaceSummary } from './workspaces.dto.ts';
export { workspacesRoutes } from './workspaces.routes.ts';
export { createWorkspacesService, findMembership, lockWorkspace } from './workspaces.service.ts';
