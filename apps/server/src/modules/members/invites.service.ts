import { createHash, randomBytes } from 'node:crypto';
import type { Invite, WorkspaceRole } from '@omnichat/contracts';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type Actor, personName } from '../../platform/auth/actor.ts';
import type { MemberPrincipal } from '../../platform/auth/guards.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { type UserRow, users } from '../../platform/identity/users.tables.ts';
import {
  liveWorkspace,
  type WorkspaceInviteRow,
  workspaceInvites,
  workspaceMembers,
  workspaces,
} from '../../platform/identity/workspaces.tables.ts';
import { reclaimUnverified } from '../auth/index.ts';
import { lockWorkspace } from '../workspaces/index.ts';
import { permissionsOnJoin } from './join-permissions.ts';
import { assertMayManageRole } from './members.service.ts';
import { assertSeatsFor } from './seats.ts';

const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;
/** the least time between two mails of one invitation */
const RESEND_AFTER_MS = 60_000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const lower = (value: string) => value.trim().toLowerCase();

const toInviteDto = (row: WorkspaceInviteRow, invitedBy: string): Invite => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invited_by: invitedBy,
  expires_at: toUnixSeconds(row.expiresAt),
  created_at: toUnixSeconds(row.createdAt),
});

export interface NewAccount {
  username: string;
  display_name: string;
  password: string;
}

export function createInvitesService(ctx: AppContext) {
  const { database } = ctx;

  async function invite(actor: MemberPrincipal, by: Actor, email: string, role: WorkspaceRole): Promise<Invite> {
    assertMayManageRole(actor, role);
    if (lower(actor.user.email) === lower(email))
      throw new AppError(409, 'invite_yourself', {}, { email: { key: 'invite_yourself' } });
    const token = randomBytes(32).toString('base64url');
    const created = await database.withWorkspace(actor.workspaceId, async (tx) => {
      const workspace = await lockWorkspace(tx, actor.workspaceId);
      const [existing] = await tx
        .select({ id: workspaceMembers.id })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(and(eq(workspaceMembers.workspaceId, actor.workspaceId), eq(sql`lower(${users.email})`, lower(email))));
      if (existing) throw new AppError(409, 'already_member', {}, { email: { key: 'already_member' } });
      // A new invitation to the same address replaces the pending one (and its seat).
      await tx
        .delete(workspaceInvites)
        .where(
          and(
            eq(workspaceInvites.workspaceId, actor.workspaceId),
            eq(sql`lower(${workspaceInvites.email})`, lower(email)),
            isNull(workspaceInvites.acceptedAt),
          ),
        );
      await assertSeatsFor(ctx, tx, actor.workspaceId);
      const [row] = await tx
        .insert(workspaceInvites)
        .values({
          workspaceId: actor.workspaceId,
          email: email.trim(),
          role,
          tokenHash: hash(token),
          invitedBy: actor.user.id,
          expiresAt: new Date(Date.now() + INVITE_TTL_MS),
        })
        .returning();
      await ctx.events.emit(tx, 'member.invited', { invite_id: row!.id, email, role, actor: by }, actor.workspaceId);
      return { row: row!, workspace };
    });
    await mailInvitation(actor, created.workspace.name, email, role, token);
    return toInviteDto(created.row, actor.user.displayName);
  }

  async function mailInvitation(
    actor: MemberPrincipal,
    organization: string,
    email: string,
    role: WorkspaceRole,
    token: string,
  ) {
    const link = `${ctx.config.publicUrl}/auth/join?token=${token}`;
    await ctx.mailer.send({
      to: email,
      subject: `${actor.user.displayName} invited you to ${organization}`,
      text: `Hello,\n\n${actor.user.displayName} invited you to join ${organization} as ${role}.\nOpen this link to accept:\n${link}\n\nThe invitation works for 7 days.`,
    });
  }

  /**
   * Mails a pending invitation again with a new link (the old one stops working) and a new expiry, at most once a
   * minute per invitation. An expired one comes back to life, so it takes a seat again.
   */
  async function resend(actor: MemberPrincipal, by: Actor, inviteId: string): Promise<Invite> {
    const token = randomBytes(32).toString('base64url');
    const sent = await database.withWorkspace(actor.workspaceId, async (tx) => {
      const workspace = await lockWorkspace(tx, actor.workspaceId);
      const mine = and(
        eq(workspaceInvites.workspaceId, actor.workspaceId),
        eq(workspaceInvites.id, inviteId),
        isNull(workspaceInvites.acceptedAt),
      );
      const [row] = await tx.select().from(workspaceInvites).where(mine);
      if (!row) throw notFound();
      assertMayManageRole(actor, row.role);
      const wait = Math.ceil((row.sentAt.getTime() + RESEND_AFTER_MS - Date.now()) / 1000);
      if (wait > 0) throw new AppError(429, 'invite_resend_too_soon', { seconds: wait });
      if (row.expiresAt.getTime() <= Date.now()) await assertSeatsFor(ctx, tx, actor.workspaceId);
      const now = new Date();
      const [updated] = await tx
        .update(workspaceInvites)
        .set({
          tokenHash: hash(token),
          invitedBy: actor.user.id,
          sentAt: now,
          expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
        })
        .where(mine)
        .returning();
      await ctx.events.emit(
        tx,
        'member.invite_resent',
        { invite_id: row.id, email: row.email, role: row.role, actor: by },
        actor.workspaceId,
      );
      return { row: updated!, workspace };
    });
    await mailInvitation(actor, sent.workspace.name, sent.row.email, sent.row.role, token);
    return toInviteDto(sent.row, actor.user.displayName);
  }

  async function pending(workspaceId: string): Promise<Invite[]> {
    const rows = await database.withWorkspace(workspaceId, (tx) =>
      tx
        .select({ invite: workspaceInvites, inviter: users.displayName })
        .from(workspaceInvites)
        .leftJoin(users, eq(users.id, workspaceInvites.invitedBy))
        .where(
          and(
            eq(workspaceInvites.workspaceId, workspaceId),
            isNull(workspaceInvites.acceptedAt),
            gt(workspaceInvites.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(workspaceInvites.createdAt)),
    );
    return rows.map((row) => toInviteDto(row.invite, row.inviter ?? ''));
  }

  async function revoke(actor: MemberPrincipal, by: Actor, inviteId: string): Promise<void> {
    await database.withWorkspace(actor.workspaceId, async (tx) => {
      const [row] = await tx
        .delete(workspaceInvites)
        .where(
          and(
            eq(workspaceInvites.workspaceId, actor.workspaceId),
            eq(workspaceInvites.id, inviteId),
            isNull(workspaceInvites.acceptedAt),
          ),
        )
        .returning();
      if (!row) throw notFound();
      await ctx.events.emit(
        tx,
        'member.invite_revoked',
        { invite_id: row.id, email: row.email, role: row.role, actor: by },
        actor.workspaceId,
      );
    });
  }

  /** The invitation behind a mailed token: "not found" for an unknown token, "invalid" for a used or expired one. */
  async function byToken(token: string) {
    const [row] = await database.unsafeCrossTenant('an invitee opens their invitation by its token', (tx) =>
      tx
        .select({ invite: workspaceInvites, workspace: workspaces, inviter: users.displayName })
        .from(workspaceInvites)
        .innerJoin(workspaces, eq(workspaces.id, workspaceInvites.workspaceId))
        .leftJoin(users, eq(users.id, workspaceInvites.invitedBy))
        .where(and(eq(workspaceInvites.tokenHash, hash(token)), liveWorkspace)),
    );
    if (!row) throw new AppError(404, 'invite_token_not_found');
    if (row.invite.acceptedAt || row.invite.expiresAt.getTime() < Date.now())
      throw new AppError(400, 'invalid_invite_token');
    return row;
  }

  async function preview(token: string) {
    const { invite: row, workspace, inviter } = await byToken(token);
    // a registration nobody verified does not count: the invitee creates their account over it
    const [account] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, lower(row.email)), eq(users.emailVerified, true)));
    return {
      workspace: { id: workspace.id, name: workspace.name, avatar: workspace.avatar },
      email: row.email,
      role: row.role,
      invited_by: inviter ?? '',
      has_account: Boolean(account),
    };
  }

  /** The account that joins: the signed-in invitee, or one made now from the details on the join page. */
  async function joiningUser(
    tx: Tx,
    email: string,
    signedIn: UserRow | null,
    account: (NewAccount & { passwordHash: string }) | undefined,
  ) {
    if (signedIn) {
      if (lower(signedIn.email) !== lower(email)) throw forbidden('invite_email_mismatch');
      return { user: signedIn, created: false };
    }
    const [existing] = await tx
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, lower(email)));
    if (existing?.emailVerified) throw new AppError(401, 'invite_requires_sign_in');
    if (!account) throw new AppError(400, 'invite_requires_account');
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(sql`lower(${users.username})`, lower(account.username)),
          existing ? ne(users.id, existing.id) : undefined,
        ),
      );
    if (taken) throw new AppError(409, 'username_taken', {}, { 'account.username': { key: 'username_taken' } });
    const chosen = {
      username: account.username,
      displayName: account.display_name,
      passwordHash: account.passwordHash,
    };
    // The link proves the address: a registration nobody verified gives way to the invitee.
    if (existing) return { user: await reclaimUnverified(tx, existing, chosen), created: true };
    const [inserted] = await tx
      .insert(users)
      .values({ ...chosen, email, emailVerified: true, invited: true, invitedAt: Math.floor(Date.now() / 1000) })
      .returning();
    return { user: inserted!, created: true };
  }

  /**
   * Joins the organization: as the signed-in user whose e-mail was invited, or as a new account created now
   * (the mailed link proves the address). One transaction: an account is never made without its membership.
   * Answers a token for a new account so it can sign in at once.
   */
  async function accept(token: string, signedIn: UserRow | null, account: NewAccount | undefined, ip: string) {
    const { invite: row } = await byToken(token);
    // hashed before the organization's lock is taken: the slow part stays outside it
    const newAccount =
      account && !signedIn ? { ...account, passwordHash: await hashPassword(account.password) } : undefined;
    const { user: joined, created } = await database.withWorkspace(row.workspaceId, async (tx) => {
      // The organization row is the lock every seat change takes, so concurrent joins count one at a time.
      const workspace = await lockWorkspace(tx, row.workspaceId);
      const [used] = await tx
        .update(workspaceInvites)
        .set({ acceptedAt: new Date() })
        .where(and(eq(workspaceInvites.id, row.id), isNull(workspaceInvites.acceptedAt)))
        .returning();
      if (!used) throw new AppError(400, 'invalid_invite_token');
      const joining = await joiningUser(tx, row.email, signedIn, newAccount);
      const [already] = await tx
        .select({ id: workspaceMembers.id })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, row.workspaceId), eq(workspaceMembers.userId, joining.user.id)));
      if (already) throw new AppError(409, 'already_member');
      // the invitation no longer counts once accepted: the joining member takes its seat
      await assertSeatsFor(ctx, tx, row.workspaceId);
      const [member] = await tx
        .insert(workspaceMembers)
        .values({
          workspaceId: row.workspaceId,
          userId: joining.user.id,
          role: row.role,
          permissions: permissionsOnJoin(workspace, row.role),
          // joined: the invitation is used up, so the member is no longer "invited"
          invited: false,
        })
        .returning();
      await ctx.events.emit(
        tx,
        'member.joined',
        {
          member_id: member!.id,
          user_id: joining.user.id,
          username: joining.user.username,
          display_name: joining.user.displayName,
          invited_by: row.invitedBy,
          actor: { type: 'user', id: joining.user.id, name: personName(joining.user), ip },
          role: row.role,
        },
        row.workspaceId,
      );
      return joining;
    });
    return {
      workspace_id: row.workspaceId,
      ...(created ? { token: await ctx.tokens.sign({ sub: joined.id, typ: 'user', ver: joined.tokenVersion }) } : {}),
    };
  }

  return { invite, resend, pending, revoke, preview, accept };
}
