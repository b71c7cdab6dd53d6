import type { Actor } from '../auth/actor.ts';
import type { Tx } from '../db/database.ts';

/** One change as the audit log records it. */
export interface AuditEntry {
  action: string;
  targetType: string;
  targetId?: string | null;
  /** the target's name as it is now (an organization target defaults to the organization's name) */
  targetName?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Who changed what: the port modules record changes through; the audit module implements it. */
export interface AuditWriter {
  /** Records an organization's change inside the transaction that made it (so both commit or neither). */
  inWorkspace(tx: Tx, workspaceId: string, actor: Actor, entry: AuditEntry): Promise<void>;
  /** Records a platform-level change (system settings, system admins, users, organization limits). */
  platform(actor: Actor, entry: AuditEntry, workspaceId?: string | null): Promise<void>;
}
