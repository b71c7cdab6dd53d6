export { toSelfWorkspace, toWorkspaceMemberDto, toWorkspaceSummary } from './workspaces.dto.ts';
export { workspacesRoutes } from './workspaces.routes.ts';
export { createWorkspacesService, findMembership } from './workspaces.service.ts';
