import { z } from 'zod';
import { messageResultSchema } from './auth.ts';
import { AI_HANDOFF_REASONS } from './conversation-activity.ts';
import { endpoint } from './endpoint.ts';
import { INT32_MAX, pageField, pageSizeField } from './fields.ts';

/** AI customer-service agents (issue 26, SPEC 3): their settings, ordered instructions and knowledge articles. */
export const CS_AGENT_LIMITS = {
  nameMax: 100,
  toneMax: 200,
  featureMax: 100,
  featuresMax: 20,
  channelsMax: 100,
  handoffMessageMax: 1000,
  titleMax: 200,
  conditionMax: 1000,
  instructionMax: 5000,
  /** instructions of one agent: they all go into every prompt */
  instructionsMax: 50,
  articleMax: 1_000_000,
  previewMessageMax: 4_000,
  /** an imported file, or the page or document an address answers */
  importMaxBytes: 10 * 1024 * 1024,
  urlMax: 2000,
} as const;

/** The files an article can be imported from. */
export const KNOWLEDGE_IMPORT_EXTENSIONS = ['.txt', '.md', '.pdf', '.docx'] as const;

/** Suggestions the editor offers; any text is accepted. */
export const CS_AGENT_TONES = ['friendly', 'professional', 'concise'] as const;
export const CS_AGENT_FEATURES = ['emojis', 'bullet_lists', 'follow_up_question', 'greet_by_name'] as const;

/** Where an article's text came from. */
export const KNOWLEDGE_SOURCES = ['editor', 'file', 'url'] as const;
export type KnowledgeSource = (typeof KNOWLEDGE_SOURCES)[number];

const nameField = z
  .string({ error: 'cs_agent_name_required' })
  .trim()
  .min(1, { error: 'cs_agent_name_required' })
  .max(CS_AGENT_LIMITS.nameMax - 1, { error: 'cs_agent_name_max' });
const toneField = z
  .string({ error: 'cs_agent_tone_required' })
  .trim()
  .min(1, { error: 'cs_agent_tone_required' })
  .max(CS_AGENT_LIMITS.toneMax - 1);
const featuresField = z
  .array(
    z
      .string()
      .trim()
      .min(1)
      .max(CS_AGENT_LIMITS.featureMax - 1),
  )
  .max(CS_AGENT_LIMITS.featuresMax)
  .transform((features) => [...new Set(features)]);
const channelIdsField = z
  .array(z.uuid())
  .max(CS_AGENT_LIMITS.channelsMax)
  .transform((ids) => [...new Set(ids)]);
const handoffMessageField = z
  .string()
  .trim()
  .max(CS_AGENT_LIMITS.handoffMessageMax)
  .nullable()
  .transform((text) => text || null);
const budgetField = z.number().int().min(1).max(INT32_MAX).nullable();

/** The fields of an agent as `PUT` takes them: each optional, an absent one stays as it is. */
export const csAgentUpdateBodySchema = z.object({
  name: nameField.optional(),
  show_name_to_customer: z.boolean().optional(),
  response_tone: toneField.optional(),
  response_features: featuresField.optional(),
  /** the channels it answers on (web chat included); a channel has at most one agent */
  channel_ids: channelIdsField.optional(),
  /** the team a handed-over conversation goes to; null: all teams */
  handoff_team_id: z.uuid().nullable().optional(),
  /** what the customer is told when a person takes over; null: the default text in the customer's language */
  handoff_message: handoffMessageField.optional(),
  /** tokens (in and out) the agent may use a calendar month; null: no budget */
  monthly_token_budget: budgetField.optional(),
});
export type CsAgentUpdateBody = z.input<typeof csAgentUpdateBodySchema>;

export const csAgentBodySchema = csAgentUpdateBodySchema.extend({
  name: nameField,
  response_tone: toneField,
});
export type CsAgentBody = z.input<typeof csAgentBodySchema>;

export const csAgentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  show_name_to_customer: z.boolean(),
  response_tone: z.string(),
  response_features: z.array(z.string()),
  channel_ids: z.array(z.uuid()),
  handoff_team_id: z.uuid().nullable(),
  handoff_message: z.string().nullable(),
  monthly_token_budget: z.number().int().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type CsAgent = z.infer<typeof csAgentSchema>;

const titleField = z
  .string()
  .trim()
  .min(1)
  .max(CS_AGENT_LIMITS.titleMax - 1);

export const csInstructionUpdateBodySchema = z.object({
  title: titleField.optional(),
  /** when it applies, in words; empty: always */
  condition: z.string().trim().max(CS_AGENT_LIMITS.conditionMax).optional(),
  content: z.string().trim().min(1).max(CS_AGENT_LIMITS.instructionMax).optional(),
});
export const csInstructionBodySchema = csInstructionUpdateBodySchema.required({ title: true, content: true });
export type CsInstructionBody = z.input<typeof csInstructionBodySchema>;

export const csInstructionSchema = z.object({
  id: z.uuid(),
  agent_id: z.uuid(),
  position: z.number().int(),
  title: z.string(),
  condition: z.string(),
  content: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type CsInstruction = z.infer<typeof csInstructionSchema>;

const articleContentField = z
  .string({ error: 'knowledge_content_required' })
  .max(CS_AGENT_LIMITS.articleMax, { error: 'knowledge_content_max' })
  .trim()
  .min(1, { error: 'knowledge_content_required' });

export const knowledgeArticleUpdateBodySchema = z.object({
  title: titleField.optional(),
  content: articleContentField.optional(),
  source: z.enum(KNOWLEDGE_SOURCES).optional(),
  /** the imported file's name or the page's address */
  source_name: z.string().trim().max(2000).nullable().optional(),
});
export const knowledgeArticleBodySchema = knowledgeArticleUpdateBodySchema.extend({
  title: titleField,
  content: articleContentField,
});
export type KnowledgeArticleBody = z.input<typeof knowledgeArticleBodySchema>;

/** An article imported from a public page (HTML or text) or a document at an address. */
export const knowledgeUrlImportBodySchema = z.object({
  url: z.string().trim().min(1).max(CS_AGENT_LIMITS.urlMax),
});
export type KnowledgeUrlImportBody = z.input<typeof knowledgeUrlImportBodySchema>;

const articleFields = {
  id: z.uuid(),
  agent_id: z.uuid(),
  title: z.string(),
  source: z.enum(KNOWLEDGE_SOURCES),
  source_name: z.string().nullable(),
  /** passages it is indexed as: 0 until indexed */
  passages: z.number().int(),
  /** when its passages were last built from its content; null while (re)indexing waits */
  indexed_at: z.number().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
};
export const knowledgeArticleSchema = z.object({ ...articleFields, content: z.string() });
export type KnowledgeArticle = z.infer<typeof knowledgeArticleSchema>;
/** An article in a list: its content's first characters and length instead of the whole (up to a megabyte) */
export const knowledgeArticleSummarySchema = z.object({
  ...articleFields,
  excerpt: z.string(),
  content_length: z.number().int(),
});
export type KnowledgeArticleSummary = z.infer<typeof knowledgeArticleSummarySchema>;

const agentParams = z.object({ id: z.uuid({ error: 'not_found' }) });
const instructionParams = agentParams.extend({ instruction_id: z.uuid({ error: 'not_found' }) });
const articleParams = agentParams.extend({ article_id: z.uuid({ error: 'not_found' }) });
const pageQuery = z.object({ page: pageField, size: pageSizeField });

export const csAgentEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/cs-agents',
    query: pageQuery,
    response: z.array(csAgentSchema),
    paged: true,
    summary: "The organization's AI customer-service agents, by name",
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/cs-agents',
    body: csAgentBodySchema,
    response: csAgentSchema,
    summary: "Create an agent: within the organization's AI-agent limit; its channels not bound to another agent",
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/cs-agents/:id',
    params: agentParams,
    response: csAgentSchema,
    summary: 'An agent',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v1/cs-agents/:id',
    params: agentParams,
    body: csAgentUpdateBodySchema,
    response: csAgentSchema,
    summary: 'Change an agent: the fields given; `channel_ids` replaces its channels',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/cs-agents/:id',
    params: agentParams,
    response: messageResultSchema,
    summary: 'Delete an agent with its instructions and knowledge',
  }),
};

export const csInstructionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/cs-agents/:id/instructions',
    params: agentParams,
    response: z.array(csInstructionSchema),
    summary: "An agent's instructions, in order",
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/cs-agents/:id/instructions',
    params: agentParams,
    body: csInstructionBodySchema,
    response: csInstructionSchema,
    summary: 'Add an instruction after the others',
  }),
  reorder: endpoint({
    method: 'PUT',
    path: '/v1/cs-agents/:id/instructions/order',
    params: agentParams,
    body: z.object({
      ids: z.array(z.uuid()).max(CS_AGENT_LIMITS.instructionsMax),
    }),
    response: z.array(csInstructionSchema),
    summary: "Put an agent's instructions in a new order: every one of its instructions, each once",
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v1/cs-agents/:id/instructions/:instruction_id',
    params: instructionParams,
    body: csInstructionUpdateBodySchema,
    response: csInstructionSchema,
    summary: 'Change an instruction: the fields given',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/cs-agents/:id/instructions/:instruction_id',
    params: instructionParams,
    response: messageResultSchema,
    summary: 'Delete an instruction',
  }),
};

/** The preview's question, with the turns before it when the owner goes on chatting. */
export const csAgentPreviewBodySchema = z.object({
  message: z.string().trim().min(1).max(CS_AGENT_LIMITS.previewMessageMax),
  history: z
    .array(z.object({ from: z.enum(['customer', 'agent']), text: z.string().max(CS_AGENT_LIMITS.previewMessageMax) }))
    .max(12)
    .optional(),
});
export type CsAgentPreviewBody = z.input<typeof csAgentPreviewBodySchema>;

/** The preview's answer: what the customer would be sent, and why (nothing is sent to anyone). */
export const csAgentPreviewSchema = z.object({
  /** the answer, or on a handoff the notice the customer would be told */
  reply: z.string(),
  handoff: z.boolean(),
  handoff_reason: z.enum(AI_HANDOFF_REASONS).nullable(),
  /** the model's reason when it called handoff_to_human, or the provider's failure */
  handoff_note: z.string().nullable(),
  /** the articles the answer drew on */
  sources: z.array(z.object({ article_id: z.uuid(), title: z.string() })),
  /** every passage the search found, best first: `relevant` ones went into the prompt */
  passages: z.array(
    z.object({
      article_id: z.uuid(),
      title: z.string(),
      content: z.string(),
      /** reciprocal-rank fusion of the lists that found it */
      score: z.number(),
      /** the share of the question's words found in it, 0 to 1 */
      match: z.number(),
      similarity: z.number().nullable(),
      relevant: z.boolean(),
    }),
  ),
  /** the instructions the model was given, in order (it judges their conditions) */
  instructions: z.array(z.object({ id: z.uuid(), title: z.string(), condition: z.string() })),
  /** the model's tokens for this answer; null when it was not called */
  usage: z.object({ input_tokens: z.number(), output_tokens: z.number() }).nullable(),
});
export type CsAgentPreview = z.infer<typeof csAgentPreviewSchema>;

const usageCounts = { input_tokens: z.number(), output_tokens: z.number(), answers: z.number(), handoffs: z.number() };
/** What an agent used: per day (the organization's days), and this month against the budgets. */
export const csAgentUsageSchema = z.object({
  days: z.array(z.object({ day: z.string(), ...usageCounts })),
  month: z.object({
    ...usageCounts,
    /** the agent's own budget (tokens in and out); null: none */
    budget: z.number().nullable(),
    /** all the organization's agents this month, and the organization's budget; null: none */
    organization_tokens: z.number(),
    organization_budget: z.number().nullable(),
  }),
});
export type CsAgentUsage = z.infer<typeof csAgentUsageSchema>;

export const csAgentToolEndpoints = {
  preview: endpoint({
    method: 'POST',
    path: '/v1/cs-agents/:id/preview',
    params: agentParams,
    body: csAgentPreviewBodySchema,
    response: csAgentPreviewSchema,
    summary:
      'Try the agent: its answer to a message through the same search, prompt and model, with the passages and instructions it used; nothing is sent',
  }),
  usage: endpoint({
    method: 'GET',
    path: '/v1/cs-agents/:id/usage',
    params: agentParams,
    query: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }),
    response: csAgentUsageSchema,
    summary: "The agent's tokens, answers and handoffs per day, and this month's against its budgets",
  }),
};

export const knowledgeEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/cs-agents/:id/knowledge',
    params: agentParams,
    query: pageQuery.extend({ keyword: z.string().trim().max(100).optional() }),
    response: z.array(knowledgeArticleSummarySchema),
    paged: true,
    summary: "An agent's knowledge articles, newest first; a keyword in the title",
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/cs-agents/:id/knowledge',
    params: agentParams,
    body: knowledgeArticleBodySchema,
    response: knowledgeArticleSchema,
    summary: 'Add a knowledge article (up to 1,000,000 characters); it is split into passages and indexed',
  }),
  importFile: endpoint({
    method: 'POST',
    path: '/v1/cs-agents/:id/knowledge/import-file',
    params: agentParams,
    response: knowledgeArticleSchema,
    summary:
      'Add a knowledge article from a file (multipart: file; .txt or .md in UTF-8, .pdf with a text layer or .docx, at most 10 MB): its text, titled by the file name',
  }),
  importUrl: endpoint({
    method: 'POST',
    path: '/v1/cs-agents/:id/knowledge/import-url',
    params: agentParams,
    body: knowledgeUrlImportBodySchema,
    response: knowledgeArticleSchema,
    summary:
      "Add a knowledge article from a public address: a web page's readable text titled by its <title>, plain text, or a .pdf or .docx document (at most 10 MB)",
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/cs-agents/:id/knowledge/:article_id',
    params: articleParams,
    response: knowledgeArticleSchema,
    summary: 'A knowledge article with its content',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v1/cs-agents/:id/knowledge/:article_id',
    params: articleParams,
    body: knowledgeArticleUpdateBodySchema,
    response: knowledgeArticleSchema,
    summary: 'Change a knowledge article: the fields given; a new content is indexed again',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/cs-agents/:id/knowledge/:article_id',
    params: articleParams,
    response: messageResultSchema,
    summary: 'Delete a knowledge article and its passages',
  }),
};
