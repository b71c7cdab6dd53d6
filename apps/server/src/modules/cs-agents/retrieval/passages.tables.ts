import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, primaryKey, real, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../../platform/db/columns.ts';
import { workspaceRef } from '../../../platform/identity/workspaces.tables.ts';
import { csAgents } from '../cs-agents.tables.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The text-search configuration of the index and its queries: English stemming and stop words, and every other
 * word kept as written (stemmed by the same rules on both sides, so it still matches); Chinese and Japanese
 * arrive split into words (segment.ts). It exists on PostgreSQL and PGlite alike.
 */
export const TEXT_SEARCH_CONFIG = 'english';

/**
 * The passages of a CS agent's knowledge articles, as retrieval searches them (indexed when an article is
 * saved). `search_text` is the passage and its article's title made searchable (lower case, CJK split into
 * words), behind a full-text vector and a trigram index; `embedding` the unit-length vector of the passage when
 * an embeddings model is set (any dimension).
 */
export const knowledgePassages = pgTable(
  'knowledge_passages',
  {
    id: id(),
    workspaceId: workspaceRef(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => csAgents.id, { onDelete: 'cascade' }),
    articleId: uuid('article_id').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    searchText: text('search_text').notNull(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql.raw(`to_tsvector('${TEXT_SEARCH_CONFIG}'::regconfig, search_text)`)),
    embedding: real('embedding').array(),
    createdAt: createdAt(),
  },
  (t) => [
    index('knowledge_passages_vector_idx').using('gin', t.searchVector),
    index('knowledge_passages_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('knowledge_passages_agent_idx').on(t.agentId, t.articleId),
    index('knowledge_passages_article_idx').on(t.articleId, t.position),
  ],
);
export type KnowledgePassageRow = typeof knowledgePassages.$inferSelect;

/**
 * How many of an agent's passages hold each lexeme of the full-text vector (`term` '' counts all its passages),
 * kept with the passages by index-article.ts: the search matches on a question's rare words and only ranks by
 * the common ones, so a word found in most passages never makes it rank thousands of them.
 */
export const knowledgeTerms = pgTable(
  'knowledge_terms',
  {
    workspaceId: workspaceRef(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => csAgents.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    passages: integer('passages').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.agentId, t.term] })],
);
