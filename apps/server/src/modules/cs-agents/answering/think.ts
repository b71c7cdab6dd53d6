import type { AppContext } from '../../../context.ts';
import { LlmUnavailable, type LlmUsage } from '../../../integrations/openai/llm-client.ts';
import type { AiHandoffReason } from '../../conversations/index.ts';
import type { PassageHit } from '../retrieval/search.ts';
import { searchKnowledge } from '../retrieval/search-knowledge.ts';
import { asksForPerson } from './asks-for-person.ts';
import { repeatsInstructions } from './leak-guard.ts';
import { buildPrompt, HANDOFF_TOOL, type PromptAgent, type PromptInstruction, type PromptTurn } from './prompt.ts';

const PASSAGES = 5;

export type Outcome =
  | { kind: 'answer'; text: string; sources: { article_id: string; title: string }[] }
  | { kind: 'handoff'; reason: AiHandoffReason; note?: string };

export interface Thought {
  outcome: Outcome;
  /** what the search found, relevant or not (the preview shows them with their scores) */
  passages: PassageHit[];
  /** the model's tokens, when it was called */
  usage?: LlmUsage;
}

/**
 * The agent's one way to answer, for customers and for the preview alike: a customer asking for a person is handed
 * over at once; otherwise the knowledge is searched (with the question's vector when an embeddings model is set;
 * text alone when it is not or fails), nothing relevant and no instructions is a handoff, and the model answers
 * from the prompt or calls `handoff_to_human`. Runs outside any transaction: the model may take up to a minute.
 */
export async function think(
  ctx: AppContext,
  input: {
    workspaceId: string;
    agent: PromptAgent & { id: string };
    instructions: PromptInstruction[];
    history: PromptTurn[];
    /** the customer's unanswered messages, as one text */
    question: string;
    customer: { name: string; fields: Record<string, string> };
  },
): Promise<Thought> {
  if (asksForPerson(input.question)) return { outcome: { kind: 'handoff', reason: 'customer_asked' }, passages: [] };
  const llm = await ctx.llm.client();
  if (!llm)
    return {
      outcome: { kind: 'handoff', reason: 'provider_failed', note: 'the AI provider is not configured' },
      passages: [],
    };
  const queryVector = llm.embeddingModel
    ? await llm.embed([input.question]).then(
        ([vector]) => vector,
        () => undefined,
      )
    : undefined;
  const passages = await searchKnowledge(ctx.database, {
    workspaceId: input.workspaceId,
    agentId: input.agent.id,
    query: input.question,
    limit: PASSAGES,
    ...(queryVector ? { queryVector } : {}),
  });
  const relevant = passages.filter((passage) => passage.relevant);
  if (!relevant.length && !input.instructions.length)
    return { outcome: { kind: 'handoff', reason: 'no_answer' }, passages };
  try {
    const answer = await llm.chat({
      messages: buildPrompt({ ...input, passages: relevant }),
      tools: [HANDOFF_TOOL],
    });
    if (answer.kind === 'tool') {
      const why = answer.arguments.reason;
      const note = typeof why === 'string' ? { note: why } : {};
      return { outcome: { kind: 'handoff', reason: 'tool', ...note }, passages, usage: answer.usage };
    }
    if (repeatsInstructions(answer.text, input.instructions))
      return {
        outcome: { kind: 'handoff', reason: 'tool', note: 'its answer repeated its instructions word for word' },
        passages,
        usage: answer.usage,
      };
    const sources = [
      ...new Map(relevant.map((p) => [p.article_id, { article_id: p.article_id, title: p.title }])).values(),
    ];
    return { outcome: { kind: 'answer', text: answer.text, sources }, passages, usage: answer.usage };
  } catch (error) {
    if (error instanceof LlmUnavailable)
      return { outcome: { kind: 'handoff', reason: 'provider_failed', note: error.message }, passages };
    throw error;
  }
}
