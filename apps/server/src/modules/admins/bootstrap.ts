import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { noticeFirstAdmin } from '../../platform/console/person-notice.ts';
import type { Database } from '../../platform/db/database.ts';
import { systemAdmins } from '../../platform/identity/admins.tables.ts';

/**
 * With no system admin in the database, creates the first one; a generated password is logged this once (and, on
 * an interactive terminal, also printed as a plain line).
 */
export async function ensureFirstAdmin(database: Database, config: Config, log: FastifyBaseLogger): Promise<void> {
  const [existing] = await database.db.select({ id: systemAdmins.id }).from(systemAdmins).limit(1);
  if (existing) return;
  const password = config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  const [created] = await database.db
    .insert(systemAdmins)
    .values({
      username: config.ADMIN_USERNAME,
      displayName: config.ADMIN_USERNAME,
      email: config.ADMIN_EMAIL,
      passwordHash: await hashPassword(password),
      isSuper: true,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) return;
  if (config.ADMIN_PASSWORD) log.info(`created the first system admin "${config.ADMIN_USERNAME}"`);
  else {
    log.warn(
      `created the first system admin "${config.ADMIN_USERNAME}" with password: ${password} (shown only this once)`,
    );
    noticeFirstAdmin({
      username: config.ADMIN_USERNAME,
      password,
      signInUrl: `${config.publicUrl}/auth/admin/login`,
    });
  }
}
