import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/database.ts';
import { csAgents } from '../cs-agents.tables.ts';
import { knowledgePassages, knowledgeTerms } from './passages.tables.ts';
import { searchable } from './segment.ts';
import { splitArticle } from './split.ts';

/** Texts to their embeddings, in order (any dimension, the same for all). */
export type Embed = (texts: string[]) => Promise<number[][]>;

export interface ArticleToIndex {
  workspaceId: string;
  agentId: string;
  articleId: string;
  title: string;
  content: string;
}

/** Rows per insert statement (8 parameters each, far below PostgreSQL's 65,535). */
const CHUNK = 500;

/** `vector` scaled to length 1, so cosine similarity is a dot product; null when it has no direction. */
export function unitVector(vector: readonly number[]): number[] | null {
  const norm = Math.hypot(...vector);
  return norm > 0 && Number.isFinite(norm) ? vector.map((value) => value / norm) : null;
}

/** The text embedded for a passage: its article's title gives it context. */
export const embeddedText = (title: string, passage: string) => `${title}\n\n${passage}`;

/**
 * Replaces the article's passages with those of its current title and content (none for an empty article) in
 * `tx`, with their embeddings when `embed` is given. The embeddings are asked for before anything is written;
 * the caller decides whether that call may run inside its transaction. Answers the number of passages.
 */
export async function indexArticle(tx: Tx, article: ArticleToIndex, embed?: Embed): Promise<number> {
  const passages = splitArticle(article.title, article.content);
  let vectors: (number[] | null)[] | undefined;
  if (embed && passages.length > 0) {
    const answered = await embed(passages.map((passage) => embeddedText(article.title, passage)));
    if (answered.length !== passages.length)
      throw new Error(`embeddings: ${answered.length} vectors for ${passages.length} passages`);
    vectors = answered.map(unitVector);
  }
  await removeArticle(tx, article.articleId, article.agentId);
  const rows = passages.map((content, position) => ({
    workspaceId: article.workspaceId,
    agentId: article.agentId,
    articleId: article.articleId,
    position,
    title: article.title,
    content,
    searchText: searchable(`${article.title}\n${content}`),
    embedding: vectors?.[position] ?? null,
  }));
  for (let start = 0; start < rows.length; start += CHUNK)
    await tx.insert(knowledgePassages).values(rows.slice(start, start + CHUNK));
  await countTerms(tx, article.articleId, 1);
  return rows.length;
}

/**
 * Removes the article's passages (the transaction's organization only: row-level security). The agent's knowledge
 * version goes one up first: its row is the first lock of every change of its passages, so two changes of one
 * agent's knowledge queue there instead of locking term counts in crossing orders.
 */
export async function removeArticle(tx: Tx, articleId: string, agentId: string): Promise<void> {
  await tx
    .update(csAgents)
    .set({ knowledgeVersion: sql`${csAgents.knowledgeVersion} + 1` })
    .where(eq(csAgents.id, agentId));
  await countTerms(tx, articleId, -1);
  await tx.delete(knowledgePassages).where(eq(knowledgePassages.articleId, articleId));
}

/**
 * Adds (`sign` 1) or takes away (-1) the article's passages to its agent's term counts (knowledge_terms), in
 * term order so that two articles of one agent saved at once lock the counts in the same order.
 */
async function countTerms(tx: Tx, articleId: string, sign: 1 | -1) {
  const counted = await tx.execute(sql`
    insert into ${knowledgeTerms} (workspace_id, agent_id, term, passages)
    select workspace_id, agent_id, term, ${sign} * count(*)::int from (
      select workspace_id, agent_id, unnest(tsvector_to_array(search_vector) || '{""}'::text[]) as term
      from ${knowledgePassages} where article_id = ${articleId}) terms
    group by workspace_id, agent_id, term order by workspace_id, agent_id, term
    on conflict (workspace_id, agent_id, term) do update set passages = ${knowledgeTerms}.passages + excluded.passages
    returning workspace_id, agent_id, term, passages`);
  if (sign > 0) return;
  const gone = (
    counted as unknown as { rows: { workspace_id: string; agent_id: string; term: string; passages: number }[] }
  ).rows.filter((row) => row.passages <= 0);
  for (let start = 0; start < gone.length; start += 5_000)
    await tx.execute(
      sql`delete from ${knowledgeTerms} where (workspace_id, agent_id, term) in (${sql.join(
        gone
          .slice(start, start + 5_000)
          .map((row) => sql`(${row.workspace_id}::uuid, ${row.agent_id}::uuid, ${row.term})`),
        sql`, `,
      )})`,
    );
}
