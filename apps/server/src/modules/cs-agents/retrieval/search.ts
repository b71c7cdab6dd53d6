import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/database.ts';
import { unitVector } from './index-article.ts';
import { TEXT_SEARCH_CONFIG } from './passages.tables.ts';
import { isCjk, queryTerms } from './segment.ts';
import { vectorTop } from './vector-cache.ts';

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
  /** its place (1 = first) in each list that found it (`trigram`: the substring list, on the trigram index) */
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
 * words and single CJK characters left out) appear in the passage or its article's title (`found`: as a word in
 * any form the English stemmer joins, or as part of the text); or, when vectors were compared, when its cosine
 * similarity reaches `vectorFloor`. No relevant hit means the articles do not answer the question (the caller
 * hands off).
 */
export const isRelevant = (match: number, similarity: number | undefined, vectorFloor = VECTOR_FLOOR) =>
  match >= MATCH_FLOOR || (similarity !== undefined && similarity >= vectorFloor);

/** Rows each list contributes to the fusion. */
const listSize = (limit: number) => Math.max(limit * 5, 25);

const rowsOf = async <T>(tx: Tx, statement: SQL) => ((await tx.execute(statement)) as unknown as { rows: T[] }).rows;

/** The given agent's passages of the given organization (row-level security holds the latter too). */
const scope = (q: PassageQuery) => sql`workspace_id = ${q.workspaceId} and agent_id = ${q.agentId}`;

/** Passages a list may rank: matching on a question's words stops adding rarer words past this many. */
export const CANDIDATE_BUDGET = 1_000;

interface TermCount {
  term: string;
  lexeme: string;
  passages: number;
}

/**
 * Each term's lexemes (as the index stems them), in how many of the agent's passages each is, and how many
 * passages the agent has.
 */
const termCounts = (tx: Tx, q: PassageQuery, terms: string[]) =>
  rowsOf<TermCount & { total: number }>(
    tx,
    sql`select t.term, l.lexeme, coalesce(k.passages, 0)::int as passages,
          coalesce((select passages from knowledge_terms where workspace_id = ${q.workspaceId}
            and agent_id = ${q.agentId} and term = ''), 0)::int as total
        from unnest(array[${sql.join(
          terms.map((term) => sql`${term}`),
          sql`, `,
        )}]::text[]) t(term)
        cross join lateral unnest(tsvector_to_array(to_tsvector(${sql.raw(`'${TEXT_SEARCH_CONFIG}'`)}, t.term))) l(lexeme)
        left join knowledge_terms k on k.workspace_id = ${q.workspaceId} and k.agent_id = ${q.agentId}
          and k.term = l.lexeme`,
  );

/** How telling a word is: rarer in the agent's passages, higher (BM25's inverse document frequency). */
export const weight = (passages: number, total: number) =>
  Math.log(1 + (Math.max(total, passages) - passages + 0.5) / (passages + 0.5));

/** A tsquery of lexemes as written (quoted, so nothing in them is an operator) joined by `operator`. */
const tsquery = (lexemes: string[], operator: '|' | '&') =>
  lexemes.map((lexeme) => `'${lexeme.replace(/['\\]/g, '$&$&')}'`).join(` ${operator} `);

/**
 * What the full-text list matches on: the rarest known lexemes while their passages add up to CANDIDATE_BUDGET
 * (any of them), or, when even the rarest is more common than that, all of them together.
 */
export function matchQuery(known: { lexeme: string; passages: number }[]): string {
  const rarest = [...known].sort((a, b) => a.passages - b.passages);
  const chosen: string[] = [];
  let total = 0;
  for (const { lexeme, passages } of rarest) {
    if (chosen.length > 0 && total + passages > CANDIDATE_BUDGET) break;
    chosen.push(lexeme);
    total += passages;
  }
  return total > CANDIDATE_BUDGET
    ? tsquery(
        rarest.map((entry) => entry.lexeme),
        '&',
      )
    : tsquery(chosen, '|');
}

/**
 * Full text: the passages the match query finds, by the summed weight of the question's known words they hold
 * (a product name counts far more than "order"), then by cover density (more of them, closer together).
 */
const textList = (tx: Tx, q: PassageQuery, known: (TermCount & { total: number })[], size: number) => {
  const byLexeme = new Map(known.map((count) => [count.lexeme, weight(count.passages, count.total)]));
  const held = [...byLexeme].map(
    ([lexeme, w]) => sql`(case when search_vector @@ ${tsquery([lexeme], '|')}::tsquery then ${w}::float8 else 0 end)`,
  );
  return rowsOf<{ id: string }>(
    tx,
    sql`select id from knowledge_passages
        where ${scope(q)} and search_vector @@ ${matchQuery(known)}::tsquery
        order by (${sql.join(held, sql` + `)}) desc,
          ts_rank_cd(search_vector, ${tsquery([...byLexeme.keys()], '|')}::tsquery) desc, id
        limit ${size}`,
  );
};

/**
 * A term inside a word of the text. A pattern needs three characters between its wildcards for the trigram index
 * to narrow it down, else every passage is read: a two-character CJK word is looked for at the start of a word.
 */
const holds = (term: string) =>
  isCjk(term) && term.length < 3
    ? sql`(search_text like ${`% ${term}%`} or search_text like ${`${term}%`})`
    : sql`(search_text like ${`%${term}%`})`;

/**
 * Substrings (pg_trgm's index): for words the full-text index does not know as words, the passages holding them
 * inside a longer word (a compound, a product name, a longer Chinese word), by how many such words they hold;
 * at most CANDIDATE_BUDGET passages are looked at.
 */
const substringList = (tx: Tx, q: PassageQuery, terms: string[], size: number) => {
  const held = terms.map(holds);
  return rowsOf<{ id: string }>(
    tx,
    sql`select id from (
          select id, search_text from knowledge_passages
          where ${scope(q)} and (${sql.join(held, sql` or `)}) limit ${CANDIDATE_BUDGET}) candidates
        order by (${sql.join(
          held.map((one) => sql`${one}::int`),
          sql` + `,
        )}) desc, id limit ${size}`,
  );
};

/** Reciprocal-rank fusion of ranked id lists: ids with their summed 1 / (RRF_K + rank), best first. */
export function fuse(lists: readonly (readonly string[])[]): [string, number][] {
  const scores = new Map<string, number>();
  for (const list of lists)
    list.forEach((id, index) => void scores.set(id, (scores.get(id) ?? 0) + 1 / (RRF_K + index + 1)));
  return [...scores].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
}

/**
 * A term found in the passage or its title: one of its lexemes is (another form of the word: "refunds" finds
 * "refund"), or it is part of the text; for a CJK term, part of the text once the spaces between words are left
 * out (the segmenter may have split it otherwise there).
 */
const found = (term: string) =>
  sql`(search_vector @@ plainto_tsquery(${sql.raw(`'${TEXT_SEARCH_CONFIG}'`)}, ${term})
      or strpos(${isCjk(term) ? sql`replace(search_text, ' ', '')` : sql`search_text`}, ${term}) > 0)`;

/**
 * The passages of the agent's articles that best answer `query`, best first, each marked `relevant` or not
 * (RELEVANCE). The question's words the agent's passages hold as words go to the full-text list (`text`), the
 * others to the substring list (`trigram`); the two are fused by reciprocal rank into one lexical list, which is
 * then fused the same way, with the same weight, with the vector list (given `queryVector` and embedded
 * passages). Reads only the given agent's passages of the given organization.
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
  const counts = terms.length > 0 ? await termCounts(tx, q, terms) : [];
  const known = counts.filter((count) => count.passages > 0);
  const unknown = terms.filter(
    (term) => (isCjk(term) || term.length >= 3) && !known.some((count) => count.term === term),
  );
  const lexical = fuse([
    ranked('text', known.length > 0 ? ids(await textList(tx, q, known, size)) : []),
    ranked('trigram', unknown.length > 0 ? ids(await substringList(tx, q, unknown, size)) : []),
  ]).map(([id]) => id);
  const similarities = new Map<string, number>();
  const vectorRows = vector ? await vectorTop(tx, scope(q), q, vector, size) : [];
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
