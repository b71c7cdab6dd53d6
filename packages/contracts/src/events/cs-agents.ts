import { z } from 'zod';

const article = z.object({ article_id: z.uuid(), agent_id: z.uuid() });

export const csAgentEvents = {
  /** A knowledge article was created or changed: its passages are (re)built from its content */
  'knowledge_article.saved': article,
  /** A knowledge article was deleted (an agent's deletion takes its articles without one each) */
  'knowledge_article.deleted': article,
};
