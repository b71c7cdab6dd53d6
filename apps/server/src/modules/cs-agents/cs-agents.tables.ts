import type { KnowledgeSource } from '@omnichat/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { teams } from '../../platform/identity/teams.tables.ts';
import { workspaceRef } from '../../platform/identity/workspaces.tables.ts';
import { channels } from '../channels/index.ts';

/** An AI customer-service agent: how it answers, and who takes over when it hands a conversation to people. */
export const csAgents = pgTable(
  'cs_agents',
  {
    id: id(),
    workspaceId: workspaceRef(),
    name: text('name').notNull(),
    showNameToCustomer: boolean('show_name_to_customer').notNull().default(false),
    responseTone: text('response_tone').notNull(),
    responseFeatures: text('response_features').array().notNull().default(sql`'{}'::text[]`),
    /** null: a handed-over conversation goes to all teams */
    handoffTeamId: uuid('handoff_team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** null: the default text in the customer's language */
    handoffMessage: text('handoff_message'),
    /** tokens in and out a calendar month; null: no budget */
    monthlyTokenBudget: integer('monthly_token_budget'),
    /** one more at each change of its passages: what its vectors kept in a process are checked against */
    knowledgeVersion: bigint('knowledge_version', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('cs_agents_workspace_idx').on(t.workspaceId, t.name)],
);
export type CsAgentRow = typeof csAgents.$inferSelect;

/** The channels an agent answers on: one agent per channel. */
export const csAgentChannels = pgTable(
  'cs_agent_channels',
  {
    workspaceId: workspaceRef(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => csAgents.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.channelId] }),
    uniqueIndex('cs_agent_channels_channel_key').on(t.channelId),
  ],
);

/** What an agent is told to do, and when (`condition`, in words): all of them go into its prompt, in order. */
export const csAgentInstructions = pgTable(
  'cs_agent_instructions',
  {
    id: id(),
    workspaceId: workspaceRef(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => csAgents.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    condition: text('condition').notNull().default(''),
    content: text('content').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('cs_agent_instructions_agent_idx').on(t.agentId, t.position)],
);
export type CsInstructionRow = typeof csAgentInstructions.$inferSelect;

/**
 * An agent's knowledge: what its answers are grounded in. Retrieval splits the content into passages when a save's
 * `knowledge_article.saved` event reaches it, and records their count and the time here.
 */
export const knowledgeArticles = pgTable(
  'knowledge_articles',
  {
    id: id(),
    workspaceId: workspaceRef(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => csAgents.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    source: text('source').$type<KnowledgeSource>().notNull().default('editor'),
    /** the imported file's name or the page's address */
    sourceName: text('source_name'),
    passageCount: integer('passage_count').notNull().default(0),
    /** null until indexed, and again from a change of content until it is indexed anew */
    indexedAt: timestamp('indexed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('knowledge_articles_agent_idx').on(t.agentId, t.createdAt)],
);
export type KnowledgeArticleRow = typeof knowledgeArticles.$inferSelect;

/**
 * What the agents used, per agent and day (the organization's day, in its time zone): the model's tokens, answers
 * sent and conversations handed over. Rows outlive a deleted agent: they still count toward the organization's
 * month.
 */
export const csAgentUsage = pgTable(
  'cs_agent_usage',
  {
    workspaceId: workspaceRef(),
    agentId: uuid('agent_id').notNull(),
    day: date('day').notNull(),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    answers: integer('answers').notNull().default(0),
    handoffs: integer('handoffs').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day] }), index('cs_agent_usage_workspace_idx').on(t.workspaceId, t.day)],
);
