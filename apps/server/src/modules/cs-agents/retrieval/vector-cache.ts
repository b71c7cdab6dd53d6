import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/database.ts';

/** At most this many numbers (4 bytes each: 128 MB) of every agent's vectors together stay in the process. */
const CACHE_FLOATS = 32 * 1024 * 1024;

interface AgentVectors {
  /** the agent's knowledge version when they were read */
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
  // its knowledge version says whether the vectors kept are still its passages'; the count, whether they fit
  const [state] = await rowsOf<{ n: number; version: string }>(
    tx,
    sql`select a.knowledge_version::text as version,
          (select passages from knowledge_terms t where t.workspace_id = a.workspace_id and t.agent_id = a.id
            and t.term = '') as n
        from cs_agents a where a.workspace_id = ${of.workspaceId} and a.id = ${of.agentId}`,
  );
  if (!state?.n) return [];
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
  const stamp = state.version;
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
  return best(scores, size).map((row) => ({ id: ids[row]!, similarity: scores[row]! }));
}

/** The rows of the `size` highest scores, highest first (one pass: `size` is a few dozen, the rows thousands). */
function best(scores: Float32Array, size: number): number[] {
  const top: number[] = [];
  for (let row = 0; row < scores.length; row++) {
    const score = scores[row]!;
    if (top.length === size && score <= scores[top[size - 1]!]!) continue;
    let at = top.length === size ? size - 1 : top.length;
    while (at > 0 && scores[top[at - 1]!]! < score) {
      top[at] = top[at - 1]!;
      at--;
    }
    top[at] = row;
  }
  return top;
}
