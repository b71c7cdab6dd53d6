import { and, eq, sql } from 'drizzle-orm';
import { oneTimeTokens } from '../../platform/auth/one-time-tokens.tables.ts';
import type { Tx } from '../../platform/db/database.ts';
import { type UserRow, users } from '../../platform/identity/users.tables.ts';

/** What the proven owner of the address brings: everything else the registrant chose is dropped. */
export type Reclaim = Partial<Pick<UserRow, 'username' | 'displayName' | 'avatar' | 'passwordHash' | 'googleId'>>;

/**
 * Anyone can register an address they do not own; until the link is opened nothing they set may survive the
 * real owner proving the address (Google sign-in, an invitation link). The registrant's password, names,
 * avatar and pending links go, and every token issued to the row stops working.
 */
export async function reclaimUnverified(tx: Tx, squatted: UserRow, owner: Reclaim): Promise<UserRow> {
  await tx
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.subjectType, 'user'), eq(oneTimeTokens.subjectId, squatted.id)));
  const [reclaimed] = await tx
    .update(users)
    .set({
      username: owner.username ?? squatted.username,
      displayName: owner.displayName ?? squatted.displayName,
      avatar: owner.avatar ?? '',
      passwordHash: owner.passwordHash ?? null,
      googleId: owner.googleId ?? null,
      pendingEmail: null,
      emailVerified: true,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, squatted.id))
    .returning();
  return reclaimed!;
}
