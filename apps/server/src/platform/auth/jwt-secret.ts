import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { platformSecrets } from '../db/secrets.tables.ts';
import { generateSecret } from './tokens.ts';

/** JWT_SECRET when set; otherwise one generated on first start and kept in the database, so tokens survive restarts. */
export async function jwtSecret(database: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await database.db
    .insert(platformSecrets)
    .values({ name: 'jwt_secret', value: generateSecret() })
    .onConflictDoNothing();
  const [row] = await database.db.select().from(platformSecrets).where(eq(platformSecrets.name, 'jwt_secret'));
  if (!row) throw new Error('could not store the generated JWT secret');
  return row.value;
}
