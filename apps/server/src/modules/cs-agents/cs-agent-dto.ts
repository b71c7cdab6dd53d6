import type { CsAgent, CsInstruction, KnowledgeArticle, KnowledgeArticleSummary } from '@omnichat/contracts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { CsAgentRow, CsInstructionRow, KnowledgeArticleRow } from './cs-agents.tables.ts';

export const toAgentDto = (row: CsAgentRow, channelIds: string[]): CsAgent => ({
  id: row.id,
  name: row.name,
  show_name_to_customer: row.showNameToCustomer,
  response_tone: row.responseTone,
  response_features: row.responseFeatures,
  channel_ids: channelIds,
  handoff_team_id: row.handoffTeamId,
  handoff_message: row.handoffMessage,
  monthly_token_budget: row.monthlyTokenBudget,
  created_at: toUnixSeconds(row.createdAt),
  updated_at: toUnixSeconds(row.updatedAt),
});

export const toInstructionDto = (row: CsInstructionRow): CsInstruction => ({
  id: row.id,
  agent_id: row.agentId,
  position: row.position,
  title: row.title,
  condition: row.condition,
  content: row.content,
  created_at: toUnixSeconds(row.createdAt),
  updated_at: toUnixSeconds(row.updatedAt),
});

type ArticleFields = Omit<KnowledgeArticleRow, 'content' | 'workspaceId'>;

const articleFields = (row: ArticleFields) => ({
  id: row.id,
  agent_id: row.agentId,
  title: row.title,
  source: row.source,
  source_name: row.sourceName,
  passages: row.passageCount,
  indexed_at: row.indexedAt ? toUnixSeconds(row.indexedAt) : null,
  created_at: toUnixSeconds(row.createdAt),
  updated_at: toUnixSeconds(row.updatedAt),
});

export const toArticleDto = (row: KnowledgeArticleRow): KnowledgeArticle => ({
  ...articleFields(row),
  content: row.content,
});

export const toArticleSummaryDto = (
  row: ArticleFields & { excerpt: string; contentLength: number },
): KnowledgeArticleSummary => ({
  ...articleFields(row),
  excerpt: row.excerpt,
  content_length: row.contentLength,
});
