import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/database.ts';

/** At most this many numbers (4 bytes each: 128 MB) of every agent's vectors together stay in the process. */
const CACHE_FLOATS = 32 * 1024 * 1024;

interface AgentVectors {
  /** the passages' count and a sum of their ids' hashes: indexing (new ids) or a deletion changes it */
  stamp: string;
  ids: string[];
  /** the passages' unit vectors one after another, `dimension` numbers each */
  matrix: Float32Array;
}

/** organization, agent and dimension → its vectors, the least recently searched first (a Map keeps insertion order) */
const cache = new Map<string, AgentVectors>();
let cachedFloats = 0;

const rowsOf = async <T>(tx: Tx, query: SQL) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

function remember(key: string, vectors: AgentVectors) {
  const old = cache.get(key);
  if (old) cachedFloats -= old.matrix.length;
  cache.delete(key);
  if (vectors.matrix.length > CACHE_FLOATS) return;
  cache.set(key, vectors);
  cachedFloats += vectors.matrix.length;
  for (const [oldest, entry] of cache) {
    if (cachedFloats <= CACHE_FLOATS) break;
    cache.delete(oldest);
    cachedFloats -= entry.matrix.length;
  }
}

/**
 * The agent's passages embedded with the question's dimension, best first by cosine similarity (stored vectors are
 * unit vectors), `size` at most. Multiplying in the process, over the agent's vectors read once and kept while
 * its passages stay the same (one small count per search checks it), is what keeps an agent of thousands of
 * articles fast: the same product in SQL unnests every vector on every search (about 2 s for 5,000 passages of
 * 1,536 numbers). An agent too large for the cache is compared in SQL.
 */
export async function vectorTop(
  tx: Tx,
  scope: SQL,
  of: { workspaceId: string; agentId: string },
  vector: readonly number[],
  size: number,
): Promise<{ id: string; similarity: number }[]> {
  const dimension = vector.length;
  const embedded = sql`${scope} and cardinality(embedding) = ${dimension}`;
  // `is not null` reads no vector (the dimension would read them all): the stamp covers every embedded passage
  const [state] = await rowsOf<{ n: number; ids: string | null }>(
    tx,
    sql`select count(*)::int as n, sum(hashtext(id::text))::text as ids
        from knowledge_passages where ${scope} and embedding is not null`,
  );
  if (!state || state.n === 0) return [];
  if (state.n * dimension > CACHE_FLOATS)
    return rowsOf<{ id: string; similarity: number }>(
      tx,
      sql`select id, similarity from (
            select id, (select sum(a * b) from unnest(embedding, ${`{${vector.join(',')}}`}::real[]) pair(a, b))
              as similarity
            from knowledge_passages where ${embedded}) scored
          order by similarity desc, id limit ${size}`,
    );
  const key = `${of.workspaceId}:${of.agentId}:${dimension}`;
  const stamp = `${state.n}:${state.ids}`;
  let vectors = cache.get(key);
  if (vectors?.stamp !== stamp) {
    const rows = await rowsOf<{ id: string; embedding: number[] }>(
      tx,
      sql`select id, embedding from knowledge_passages where ${embedded} order by id`,
    );
    const matrix = new Float32Array(rows.length * dimension);
    for (const [index, row] of rows.entries()) matrix.set(row.embedding, index * dimension);
    vectors = { stamp, ids: rows.map((row) => row.id), matrix };
  }
  remember(key, vectors);

  const { ids, matrix } = vectors;
  const question = Float32Array.from(vector);
  const scores = new Float32Array(ids.length);
  for (let row = 0, at = 0; row < ids.length; row++) {
    let sum = 0;
    for (let i = 0; i < dimension; i++, at++) sum += matrix[at]! * question[i]!;
    scores[row] = sum;
  }
  const order = Array.from(ids.keys()).sort((a, b) => scores[b]! - scores[a]! || (ids[a]! < ids[b]! ? -1 : 1));
  return order.slice(0, size).map((row) => ({ id: ids[row]!, similarity: scores[row]! }));
}
