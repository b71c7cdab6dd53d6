import type { knowledgeArticleBodySchema, knowledgeArticleUpdateBodySchema } from '@omnichat/contracts';
import { and, desc, eq, getTableColumns, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { MemberPrincipal } from '../../platform/auth/guards.ts';
import type { Tx } from '../../platform/db/database.ts';
import { totalOf, totalOver } from '../../platform/db/paging.ts';
import { notFound } from '../../platform/errors.ts';
import { toArticleDto, toArticleSummaryDto } from './cs-agent-dto.ts';
import { findAgent } from './cs-agents.service.ts';
import { knowledgeArticles } from './cs-agents.tables.ts';
import { removeArticle } from './retrieval/index-article.ts';

type CreateInput = z.output<typeof knowledgeArticleBodySchema>;
type UpdateInput = z.output<typeof knowledgeArticleUpdateBodySchema>;
type ListQuery = { page: number; size: number; keyword?: string };

const EXCERPT_CHARACTERS = 300;

async function find(tx: Tx, agentId: string, id: string) {
  const [row] = await tx
    .select()
    .from(knowledgeArticles)
    .where(and(eq(knowledgeArticles.id, id), eq(knowledgeArticles.agentId, agentId)));
  if (!row) throw notFound();
  return row;
}

/** The list's columns: everything but the content, of which only the first characters and the length are read. */
const { content, workspaceId: _, ...summaryColumns } = getTableColumns(knowledgeArticles);
const listed = {
  ...summaryColumns,
  excerpt: sql<string>`left(${content}, ${sql.raw(String(EXCERPT_CHARACTERS))})`,
  contentLength: sql<number>`char_length(${content})`.mapWith(Number),
};

/**
 * An agent's knowledge articles. Each save emits `knowledge_article.saved` in its transaction and each deletion
 * `knowledge_article.deleted`: retrieval builds and drops the passages from them.
 */
export function createKnowledgeService(ctx: AppContext) {
  const { database, events } = ctx;

  const saved = (tx: Tx, workspaceId: string, row: { id: string; agentId: string }) =>
    events.emit(tx, 'knowledge_article.saved', { article_id: row.id, agent_id: row.agentId }, workspaceId);

  async function list(member: MemberPrincipal, agentId: string, query: ListQuery) {
    const like = query.keyword ? `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%` : null;
    const where = and(eq(knowledgeArticles.agentId, agentId), like ? ilike(knowledgeArticles.title, like) : undefined);
    return database.withWorkspace(member.workspaceId, async (tx) => {
      await findAgent(tx, agentId);
      const rows = await tx
        .select({ ...listed, total: totalOver() })
        .from(knowledgeArticles)
        .where(where)
        .orderBy(desc(knowledgeArticles.createdAt), desc(knowledgeArticles.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const total = await totalOf(rows, query.page, () => tx.$count(knowledgeArticles, where));
      const page = { page: query.page, size: query.size, total, total_pages: Math.ceil(total / query.size) };
      return { items: rows.map(toArticleSummaryDto), page };
    });
  }

  async function get(member: MemberPrincipal, agentId: string, id: string) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      await findAgent(tx, agentId);
      return toArticleDto(await find(tx, agentId, id));
    });
  }

  async function create(member: MemberPrincipal, agentId: string, body: CreateInput) {
    const { workspaceId } = member;
    return database.withWorkspace(workspaceId, async (tx) => {
      await findAgent(tx, agentId);
      const [row] = await tx
        .insert(knowledgeArticles)
        .values({
          workspaceId,
          agentId,
          title: body.title,
          content: body.content,
          source: body.source ?? 'editor',
          sourceName: body.source_name ?? null,
        })
        .returning();
      await saved(tx, workspaceId, row!);
      return toArticleDto(row!);
    });
  }

  /** A new content waits to be indexed again (`indexed_at` null); the old passages answer until then. */
  async function update(member: MemberPrincipal, agentId: string, id: string, body: UpdateInput) {
    const { workspaceId } = member;
    return database.withWorkspace(workspaceId, async (tx) => {
      await findAgent(tx, agentId);
      const before = await find(tx, agentId, id);
      const changed = body.content !== undefined && body.content !== before.content;
      const [row] = await tx
        .update(knowledgeArticles)
        .set({
          title: body.title,
          content: body.content,
          source: body.source,
          sourceName: body.source_name,
          ...(changed && { indexedAt: null }),
          updatedAt: new Date(),
        })
        .where(eq(knowledgeArticles.id, id))
        .returning();
      await saved(tx, workspaceId, row!);
      return toArticleDto(row!);
    });
  }

  async function remove(member: MemberPrincipal, agentId: string, id: string) {
    const { workspaceId } = member;
    await database.withWorkspace(workspaceId, async (tx) => {
      await findAgent(tx, agentId);
      await find(tx, agentId, id);
      await removeArticle(tx, id, agentId);
      await tx.delete(knowledgeArticles).where(eq(knowledgeArticles.id, id));
      await events.emit(tx, 'knowledge_article.deleted', { article_id: id, agent_id: agentId }, workspaceId);
    });
  }

  return { list, get, create, update, remove };
}
