import type { WorkspaceRole } from '@omnichat/contracts';
import type { WorkspaceRow } from '../../platform/identity/workspaces.tables.ts';

/**
 * What a newly joined member may do: the organization's default set (seeded from the system defaults when the
 * organization was created; an empty set is a valid choice). A viewer keeps only its read permissions.
 */
export function permissionsOnJoin(
  workspace: Pick<WorkspaceRow, 'defaultMemberPermissions'>,
  role: WorkspaceRole,
): string[] {
  const defaults = workspace.defaultMemberPermissions;
  return role === 'viewer' ? defaults.filter((p) => p.endsWith('_read')) : [...defaults];
}
