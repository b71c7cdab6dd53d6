import { eq, type SQL, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwner, createUser } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { users } from '../identity/users.tables.ts';
import { workspaceMembers } from '../identity/workspaces.tables.ts';
import { rowFromJson } from './json-row.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('rows read as JSON', () => {
  it('map to what drizzle reads for the same row, timestamps, numbers, nulls and arrays included', async () => {
    const user = await createUser(t, { pendingEmail: null, googleId: 'google-1', invitedAt: 1_763_000_000 });
    const owner = await createOwner(t);
    const read = await t.database.unsafeCrossTenant('test compares two reads', async (tx) => {
      const asJson = async (query: SQL) =>
        ((await tx.execute(query)) as unknown as { rows: { row: Record<string, unknown> }[] }).rows[0]!.row;
      const [account] = await tx.select().from(users).where(eq(users.id, user.id));
      const [member] = await tx
        .select()
        .from(workspaceMembers)
        .where(eq(workspaceMembers.workspaceId, owner.workspaceId));
      return {
        account,
        member,
        accountJson: await asJson(sql`select to_json(${users}) as row from ${users} where ${users.id} = ${user.id}`),
        memberJson: await asJson(
          sql`select to_json(${workspaceMembers}) as row from ${workspaceMembers} where ${workspaceMembers.id} = ${member!.id}`,
        ),
      };
    });

    expect(rowFromJson(users, read.accountJson)).toEqual(read.account);
    expect(read.account?.createdAt).toBeInstanceOf(Date);
    expect(rowFromJson(workspaceMembers, read.memberJson)).toEqual(read.member);
  });
});
