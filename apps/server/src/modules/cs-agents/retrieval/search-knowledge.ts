import type { Database } from '../../../platform/db/database.ts';
import { type PassageHit, type PassageQuery, searchPassages } from './search.ts';

/**
 * `searchPassages` as the system role: under row-level security PostgreSQL may not use the full-text and trigram
 * indexes (the policy must run before any operator that is not leakproof, and `@@` and `like` are not), which
 * turns a search of an agent with thousands of articles from milliseconds into a scan of all its passages. Every
 * statement of the search names the organization and the agent itself.
 */
export function searchKnowledge(database: Database, query: PassageQuery): Promise<PassageHit[]> {
  return database.unsafeCrossTenant(
    'a knowledge search names its organization and agent and uses the full-text and trigram indexes that row-level security cannot (their operators are not leakproof)',
    (tx) => searchPassages(tx, query),
  );
}
