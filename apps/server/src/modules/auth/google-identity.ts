import type { GoogleLoginBody } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import type { GoogleIdentity } from '../../integrations/google/id-token.ts';
import { AppError } from '../../platform/errors.ts';

/** The verified Google identity behind a sign-in body, for users and admins alike. */
export async function verifiedGoogleIdentity(ctx: AppContext, body: GoogleLoginBody): Promise<GoogleIdentity> {
  const { 'google.client.id': clientId } = await ctx.settings.values(['google.client.id']);
  if (!clientId) throw new AppError(400, 'google_login_not_configured');
  const identity = await ctx.google.verify(body.id_token, clientId);
  if (!identity?.emailVerified || (body.google_id && body.google_id !== identity.sub)) {
    throw new AppError(401, 'invalid_google_token');
  }
  return identity;
}
