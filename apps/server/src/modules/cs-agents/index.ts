export {
  type CsAgentRow,
  type CsInstructionRow,
  csAgentChannels,
  csAgentInstructions,
  csAgents,
  type KnowledgeArticleRow,
  knowledgeArticles,
} from './cs-agents.tables.ts';
