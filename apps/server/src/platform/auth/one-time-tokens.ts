import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { oneTimeTokens } from './one-time-tokens.tables.ts';

type Purpose = 'verify_email' | 'reset_password' | 'change_email';
type Subject = 'user' | 'admin';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const MESSAGES = {
  verify_email: { missing: 'verification_token_not_found', invalid: 'invalid_verification_token' },
  reset_password: { missing: 'reset_token_not_found', invalid: 'invalid_reset_token' },
  change_email: { missing: 'verification_token_not_found', invalid: 'invalid_verification_token' },
} as const;

export const TOKEN_TTL_SECONDS = { verify_email: 48 * 3600, reset_password: 3600, change_email: 24 * 3600 } as const;

export function createOneTimeTokens(database: Database) {
  return {
    /** A new random token for the subject; earlier unused tokens of the same purpose stop working. */
    async issue(purpose: Purpose, subjectType: Subject, subjectId: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await database.db.transaction(async (tx) => {
        await tx
          .delete(oneTimeTokens)
          .where(
            and(
              eq(oneTimeTokens.purpose, purpose),
              eq(oneTimeTokens.subjectType, subjectType),
              eq(oneTimeTokens.subjectId, subjectId),
            ),
          );
        await tx.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, new Date()));
        await tx.insert(oneTimeTokens).values({
          tokenHash: hash(token),
          purpose,
          subjectType,
          subjectId,
          expiresAt: new Date(Date.now() + TOKEN_TTL_SECONDS[purpose] * 1000),
        });
      });
      return token;
    },
    /** Marks the token used and returns its subject; "not found" for an unknown token, "invalid" for a used or expired one. */
    async consume(purpose: Purpose, subjectType: Subject, token: string): Promise<string> {
      const [row] = await database.db
        .select()
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.tokenHash, hash(token)),
            eq(oneTimeTokens.purpose, purpose),
            eq(oneTimeTokens.subjectType, subjectType),
          ),
        );
      if (!row) throw new AppError(404, MESSAGES[purpose].missing);
      const [used] = await database.db
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(oneTimeTokens.id, row.id), isNull(oneTimeTokens.usedAt)))
        .returning();
      if (!used || row.expiresAt.getTime() < Date.now()) throw new AppError(400, MESSAGES[purpose].invalid);
      return row.subjectId;
    },
  };
}
export type OneTimeTokens = ReturnType<typeof createOneTimeTokens>;
