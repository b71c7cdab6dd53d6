import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { durableListener } from '../../../platform/modules/define-module.ts';
import { knowledgeArticles } from '../cs-agents.tables.ts';
import { indexArticle } from './index-article.ts';

/**
 * A saved article is split into passages and indexed (with embeddings when an embeddings model is set), then marked
 * indexed with its passage count, unless it changed again meanwhile (that save's own job indexes it). A deletion
 * drops its passages in its own transaction (knowledge.service.ts), so deleted knowledge never reaches a prompt.
 */
export const knowledgeIndexListener = durableListener({
  event: 'knowledge_article.saved',
  name: 'knowledge-index',
  handle: async ({ data }, job) => {
    const llm = await job.app.llm.client();
    const embed = llm?.embeddingModel ? (texts: string[]) => llm.embed(texts) : undefined;
    await job.inWorkspace(async (tx) => {
      // the save's time as PostgreSQL keeps it (microseconds; a JavaScript Date keeps milliseconds): its version
      const [article] = await tx
        .select({ ...getTableColumns(knowledgeArticles), version: sql<string>`${knowledgeArticles.updatedAt}::text` })
        .from(knowledgeArticles)
        .where(eq(knowledgeArticles.id, data.article_id));
      if (!article) return;
      const passages = await indexArticle(
        tx,
        {
          workspaceId: article.workspaceId,
          agentId: article.agentId,
          articleId: article.id,
          title: article.title,
          content: article.content,
        },
        embed,
      );
      await tx
        .update(knowledgeArticles)
        .set({ passageCount: passages, indexedAt: new Date() })
        .where(
          and(eq(knowledgeArticles.id, article.id), sql`${knowledgeArticles.updatedAt}::text = ${article.version}`),
        );
    });
  },
});
