import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/database.ts';
import { unitVector } from './index-article.ts';
import { TEXT_SEARCH_CONFIG } from './passages.tables.ts';
import { isCjk, queryTerms } from './segment.ts';

export interface PassageQuery {
  workspaceId: string;
  agentId: string;
  /** the customer's question as they wrote it */
  query: string;
  limit?: number;
  /** the question's embedding (same model as the passages'); passages of another dimension are left out */
  queryVector?: readonly number[];
  /** the cosine similarity from which a passage counts as relevant by its vector alone (model-dependent) */
  vectorFloor?: number;
}

export interface PassageHit {
  passage_id: string;
  article_id: string;
  title: string;
  content: string;
  /** reciprocal-rank fusion (see searchPassages) */
  score: number;
  /** its place (1 = first) in each list that found it */
  ranks: { text?: number; trigram?: number; vector?: number };
  /** the share of the question's content words (queryTerms) found in the passage or its title, 0 to 1 */
  match: number;
  /** cosine similarity to the question when vectors were compared */
  similarity?: number;
  /** see RELEVANCE */
  relevant: boolean;
}

/** Reciprocal-rank fusion's constant (Cormack et al.): damps the weight of the very first places. */
export const RRF_K = 60;
/** A hit is relevant when at least this share of the question's content words appear in it… */
export const MATCH_FLOOR = 0.5;
/** …or, with vectors, when its cosine similarity to the question reaches this (unless the caller sets its own). */
export const VECTOR_FLOOR = 0.5;
/**
 * RELEVANCE: a hit is `relevant` when at least MATCH_FLOOR of the question's content words (queryTerms: stop
 * words and single CJK characters left out) appear in the passage or its article's title, a word counting when
 * pg_trgm's word similarity to some part of the text reaches its threshold (0.6: the word, another form of it
 * such as a plural, or a near spelling); or, when vectors were compared, when its cosine similarity reaches
 * `vectorFloor`. No relevant hit means the articles do not answer the question (the caller hands off).
 */
export const isRelevant = (match: number, similarity: number | undefined, vectorFloor = VECTOR_FLOOR) =>
  match >= MATCH_FLOOR || (similarity !== undefined && similarity >= vectorFloor);

/** Rows each list contributes to the fusion. */
const listSize = (limit: number) => Math.max(limit * 5, 25);

const rowsOf = async <T>(tx: Tx, statement: SQL) => ((await tx.execute(statement)) as unknown as { rows: T[] }).rows;

/** The given agent's passages of the given organization (row-level security holds the latter too). */
const scope = (q: PassageQuery) => sql`workspace_id = ${q.workspaceId} and agent_id = ${q.agentId}`;

/** Full text: passages with any of the terms, by cover density (terms close together rank higher). */
const textList = (tx: Tx, q: PassageQuery, terms: string[], size: number) =>
  rowsOf<{ id: string }>(
    tx,
    sql`select id from knowledge_passages,
          websearch_to_tsquery(${sql.raw(`'${TEXT_SEARCH_CONFIG}'`)}, ${terms.join(' or ')}) query
        where ${scope(q)} and search_vector @@ query
        order by ts_rank_cd(search_vector, query) desc, id limit ${size}`,
  );

/**
 * Trigrams: passages where a term is (nearly) a part of a word or a run of words (a word inside a compound, a
 * Chinese word the segmenter split otherwise), by the sum of the terms' word similarities.
 */
const trigramList = (tx: Tx, q: PassageQuery, terms: string[], size: number) =>
  rowsOf<{ id: string }>(
    tx,
    sql`select id from knowledge_passages
        where ${scope(q)} and (${sql.join(
          terms.map((term) => sql`${term} <% search_text`),
          sql` or `,
        )})
        order by (${sql.join(
          terms.map((term) => sql`word_similarity(${term}, search_text)`),
          sql` + `,
        )}) desc, id limit ${size}`,
  );

/** Vectors: the agent's passages embedded with the question's dimension, by cosine similarity (unit vectors). */
const vectorList = (tx: Tx, q: PassageQuery, vector: number[], size: number) =>
  rowsOf<{ id: string; similarity: number }>(
    tx,
    sql`select id, similarity from (
          select id, (select sum(a * b) from unnest(embedding, ${`{${vector.join(',')}}`}::real[]) pair(a, b))
            as similarity
          from knowledge_passages
          where ${scope(q)} and cardinality(embedding) = ${vector.length}) scored
        order by similarity desc, id limit ${size}`,
  );

/** Reciprocal-rank fusion of ranked id lists: ids with their summed 1 / (RRF_K + rank), best first. */
export function fuse(lists: readonly (readonly string[])[]): [string, number][] {
  const scores = new Map<string, number>();
  for (const list of lists)
    list.forEach((id, index) => void scores.set(id, (scores.get(id) ?? 0) + 1 / (RRF_K + index + 1)));
  return [...scores].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
}

/**
 * A term found in the text: pg_trgm's word similarity reaches its threshold (0.6), or, for a CJK term, it is
 * part of the text once the spaces between words are left out (the segmenter may have split it otherwise there).
 */
const found = (term: string) =>
  isCjk(term)
    ? sql`(${term} <% search_text or strpos(replace(search_text, ' ', ''), ${term}) > 0)`
    : sql`(${term} <% search_text)`;

/**
 * The passages of the agent's articles that best answer `query`, best first, each marked `relevant` or not
 * (RELEVANCE). Full text and trigrams are two views of the same words: their lists are fused first into one
 * lexical list, which is then fused with the vector list (given `queryVector` and embedded passages) with the
 * same weight. Reads only the given agent's passages of the given organization.
 */
export async function searchPassages(tx: Tx, q: PassageQuery): Promise<PassageHit[]> {
  const limit = q.limit ?? 5;
  const size = listSize(limit);
  const terms = queryTerms(q.query);
  const vector = q.queryVector ? unitVector(q.queryVector) : null;
  const ranks = new Map<string, PassageHit['ranks']>();
  const ranked = (name: keyof PassageHit['ranks'], ids: string[]) => {
    ids.forEach((id, index) => void ranks.set(id, { ...ranks.get(id), [name]: index + 1 }));
    return ids;
  };
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
  const lexical =
    terms.length > 0
      ? fuse([
          ranked('text', ids(await textList(tx, q, terms, size))),
          ranked('trigram', ids(await trigramList(tx, q, terms, size))),
        ]).map(([id]) => id)
      : [];
  const similarities = new Map<string, number>();
  const vectorRows = vector ? await vectorList(tx, q, vector, size) : [];
  for (const row of vectorRows) similarities.set(row.id, Number(row.similarity));
  const best = fuse([lexical, ranked('vector', ids(vectorRows))]).slice(0, limit);
  if (best.length === 0) return [];

  const rows = await rowsOf<{ id: string; article_id: string; title: string; content: string; matched: number }>(
    tx,
    sql`select id, article_id, title, content,
          (${sql.join([sql`0`, ...terms.map((term) => sql`${found(term)}::int`)], sql` + `)}) as matched
        from knowledge_passages
        where ${scope(q)} and id in (${sql.join(
          best.map(([id]) => sql`${id}`),
          sql`, `,
        )})`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return best.flatMap(([id, score]) => {
    const row = byId.get(id);
    if (!row) return [];
    const match = terms.length ? Number(row.matched) / terms.length : 0;
    const similarity = similarities.get(id);
    return [
      {
        passage_id: id,
        article_id: row.article_id,
        title: row.title,
        content: row.content,
        score,
        ranks: ranks.get(id) ?? {},
        match,
        ...(similarity === undefined ? {} : { similarity }),
        relevant: isRelevant(match, similarity, q.vectorFloor),
      },
    ];
  });
}
