import { randomBytes } from 'node:crypto';
import {
  applyWidgetChange,
  type Channel,
  type ChannelType,
  type createChannelBodySchema,
  DEFAULT_WIDGET_SETTINGS,
  type updateChannelBodySchema,
} from '@omnichat/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { type GraphClient, GraphError } from '../../integrations/meta/graph-client.ts';
import * as messaging from '../../integrations/meta/messaging.ts';
import * as whatsapp from '../../integrations/meta/whatsapp.ts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { teams } from '../../platform/identity/teams.tables.ts';
import { limitsOf } from '../billing/index.ts';
import { lockWorkspace } from '../workspaces/index.ts';
import { type ChannelRow, channels } from './channels.tables.ts';
import { forgetWebhookChannel } from './webhook/webhook-channels.ts';
import { widgetOf } from './widget-settings.ts';

type CreateInput = z.output<typeof createChannelBodySchema>;
type UpdateInput = z.output<typeof updateChannelBodySchema>;

/** The Graph ids each Meta channel type takes; a change naming another type's id is refused. */
const IDS_OF: Record<ChannelType, readonly (keyof UpdateInput & string)[]> = {
  whatsapp: ['phone_number_id', 'business_account_id'],
  messenger: ['page_id'],
  instagram: ['instagram_account_id', 'page_id'],
  webchat: [],
};
const SECRETS = ['access_token', 'app_secret', 'verify_token'] as const;
const WEBCHAT = ['allowed_origins', 'widget'] as const;

const hint = (secret: string) => `…${secret.slice(-4)}`;

type GraphIds = { phone_number_id?: string | null; page_id?: string | null };

/** Graph proves that a token works by answering the phone number's node, or the Page's. */
const probe = (graph: GraphClient, type: ChannelType, ids: GraphIds, token: string) =>
  type === 'whatsapp'
    ? whatsapp.phoneNumber(graph, token, ids.phone_number_id ?? '')
    : messaging.page(graph, token, ids.page_id ?? '');

export type ChannelsService = ReturnType<typeof createChannelsService>;

export function createChannelsService(ctx: AppContext) {
  const { database, graph, secrets, config } = ctx;

  const toDto = (row: ChannelRow): Channel => ({
    id: row.id,
    type: row.type,
    name: row.name,
    status: row.status,
    webhook_url: `${config.publicUrl}/public/v1/channels/${row.id}/webhook`,
    phone_number_id: row.phoneNumberId,
    business_account_id: row.businessAccountId,
    page_id: row.pageId,
    instagram_account_id: row.instagramAccountId,
    access_token_hint: row.accessTokenSealed ? hint(secrets.open(row.accessTokenSealed)) : null,
    app_secret_hint: row.appSecretSealed ? hint(secrets.open(row.appSecretSealed)) : null,
    verify_token: row.verifyToken,
    widget_key: row.widgetKey,
    allowed_origins: row.allowedOrigins,
    auto_assign: {
      mode: row.autoAssignMode,
      team_id: row.autoAssignTeamId,
      max_open_per_member: row.autoAssignMaxOpen,
    },
    widget: widgetOf(row),
    messages_per_second: row.type === 'whatsapp' ? row.messagesPerSecond : null,
    created_at: toUnixSeconds(row.createdAt),
    updated_at: toUnixSeconds(row.updatedAt),
  });

  /** Graph must accept the token for the channel's phone number or Page before anything is saved. */
  async function checkWithGraph(type: ChannelType, ids: GraphIds, token: string) {
    try {
      await probe(graph, type, ids, token);
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      if (error.unavailable) throw new AppError(502, 'channel_graph_unreachable');
      const reason = error.code === null ? error.title : `${error.title} (${error.code})`;
      throw new AppError(
        400,
        'channel_token_rejected',
        { reason },
        { access_token: { key: 'channel_token_rejected', params: { reason } } },
      );
    }
  }

  async function find(tx: Tx, id: string) {
    const [row] = await tx.select().from(channels).where(eq(channels.id, id));
    if (!row) throw notFound();
    return row;
  }

  /**
   * The organization row is locked while counting, so two channels created at once cannot pass the limit (with
   * billing on, the plan's).
   */
  async function assertBelowLimit(tx: Tx, workspaceId: string) {
    const limit = (await limitsOf(ctx, tx, await lockWorkspace(tx, workspaceId))).channelLimit;
    if (limit === null) return;
    const [connected] = await tx.select({ n: count() }).from(channels);
    if ((connected?.n ?? 0) >= limit) throw new AppError(409, 'channel_limit_reached', { limit });
  }

  async function create(workspaceId: string, body: CreateInput): Promise<Channel> {
    if (body.type !== 'webchat') await checkWithGraph(body.type, body, body.access_token);
    return database.withWorkspace(workspaceId, async (tx) => {
      await assertBelowLimit(tx, workspaceId);
      const meta =
        body.type === 'webchat'
          ? {
              widgetKey: randomBytes(18).toString('base64url'),
              allowedOrigins: body.allowed_origins ?? [],
              widget: body.widget ? applyWidgetChange(DEFAULT_WIDGET_SETTINGS, body.widget) : null,
            }
          : {
              phoneNumberId: body.type === 'whatsapp' ? body.phone_number_id : null,
              businessAccountId: body.type === 'whatsapp' ? body.business_account_id : null,
              pageId: body.type === 'whatsapp' ? null : body.page_id,
              instagramAccountId: body.type === 'instagram' ? body.instagram_account_id : null,
              accessTokenSealed: secrets.seal(body.access_token),
              appSecretSealed: secrets.seal(body.app_secret),
              verifyToken: body.verify_token,
            };
      const [row] = await tx
        .insert(channels)
        .values({ workspaceId, type: body.type, name: body.name, ...meta })
        .returning();
      return toDto(row!);
    });
  }

  async function update(workspaceId: string, id: string, body: UpdateInput): Promise<Channel> {
    return database.withWorkspace(workspaceId, async (tx) => {
      const row = await find(tx, id);
      const own = new Set<string>([
        'name',
        'auto_assign',
        ...IDS_OF[row.type],
        ...(row.type === 'webchat' ? WEBCHAT : SECRETS),
        ...(row.type === 'whatsapp' ? ['messages_per_second'] : []),
      ]);
      const foreign = Object.entries(body).find(([field, value]) => value !== undefined && !own.has(field))?.[0];
      if (foreign) {
        const params = { field: foreign, type: row.type };
        throw new AppError(400, 'channel_fields_of_other_type', params, {
          [foreign]: { key: 'channel_fields_of_other_type', params },
        });
      }
      const ids = {
        phone_number_id: body.phone_number_id ?? row.phoneNumberId,
        page_id: body.page_id ?? row.pageId,
      };
      const token = body.access_token ?? (row.accessTokenSealed ? secrets.open(row.accessTokenSealed) : null);
      const recheck =
        body.access_token !== undefined || body.phone_number_id !== undefined || body.page_id !== undefined;
      if (token && recheck) await checkWithGraph(row.type, ids, token);
      const autoAssign = body.auto_assign && (await autoAssignColumns(tx, body.auto_assign));
      const [updated] = await tx
        .update(channels)
        .set({
          name: body.name,
          phoneNumberId: body.phone_number_id,
          businessAccountId: body.business_account_id,
          pageId: body.page_id,
          instagramAccountId: body.instagram_account_id,
          accessTokenSealed: body.access_token === undefined ? undefined : secrets.seal(body.access_token),
          appSecretSealed: body.app_secret === undefined ? undefined : secrets.seal(body.app_secret),
          verifyToken: body.verify_token,
          allowedOrigins: body.allowed_origins,
          messagesPerSecond: body.messages_per_second,
          ...autoAssign,
          widget: body.widget ? applyWidgetChange(widgetOf(row)!, body.widget) : undefined,
          // a token Graph has just accepted ends a re-authorisation
          ...(body.access_token !== undefined && { status: 'active' as const }),
          updatedAt: new Date(),
        })
        .where(eq(channels.id, id))
        .returning();
      forgetWebhookChannel(ctx, id);
      return toDto(updated!);
    });
  }

  /** The columns of a channel's auto-assignment, given whole; its team must be one of the organization's (RLS). */
  async function autoAssignColumns(tx: Tx, autoAssign: NonNullable<UpdateInput['auto_assign']>) {
    const teamId = autoAssign.team_id ?? null;
    if (teamId) {
      const [team] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
      if (!team) throw fieldError('auto_assign.team_id', 'team_invalid');
    }
    return {
      autoAssignMode: autoAssign.mode,
      autoAssignTeamId: teamId,
      autoAssignMaxOpen: autoAssign.max_open_per_member ?? null,
    };
  }

  return {
    toDto,
    list: (workspaceId: string) =>
      database.withWorkspace(workspaceId, async (tx) =>
        (await tx.select().from(channels).orderBy(asc(channels.createdAt), asc(channels.id))).map(toDto),
      ),
    get: (workspaceId: string, id: string) =>
      database.withWorkspace(workspaceId, async (tx) => toDto(await find(tx, id))),
    create,
    update,
    remove: (workspaceId: string, id: string) =>
      database.withWorkspace(workspaceId, async (tx) => {
        const [gone] = await tx.delete(channels).where(eq(channels.id, id)).returning({ id: channels.id });
        if (!gone) throw notFound();
        forgetWebhookChannel(ctx, id);
      }),
  };
}
