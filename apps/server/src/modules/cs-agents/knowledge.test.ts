import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { csAgentInstructions, knowledgeArticles } from './cs-agents.tables.ts';
import { agentsSetup, PATH } from './test-helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

type Instruction = { id: string; title: string; position: number; condition: string; content: string };

describe('instructions of an agent', () => {
  it('keeps them in the order added, changes one, reorders and deletes them', async () => {
    const s = await agentsSetup(t);
    const agent = await s.agent(s.owner.token);
    const path = `${PATH}/${agent.id}/instructions`;
    const titles = async () => (json(await s.r.get(path, s.owner.token)).data as Instruction[]).map((i) => i.title);
    const added: Instruction[] = [];
    for (const title of ['Greeting', 'Refunds', 'Shipping']) {
      const answer = await s.r.post(path, s.owner.token, {
        title,
        condition: title === 'Greeting' ? '' : `when the customer asks about ${title.toLowerCase()}`,
        content: `Rules for ${title}.`,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      added.push(json(answer).data);
    }
    expect(added.map((i) => i.position)).toEqual([0, 1, 2]);
    expect(added[1]).toMatchObject({ agent_id: agent.id, condition: 'when the customer asks about refunds' });
    expect(await titles()).toEqual(['Greeting', 'Refunds', 'Shipping']);

    const [greeting, refunds, shipping] = added as [Instruction, Instruction, Instruction];
    const changed = await s.r.put(`${path}/${refunds.id}`, s.owner.token, { content: 'Refunds within 30 days.' });
    expect(json(changed).data).toMatchObject({ title: 'Refunds', content: 'Refunds within 30 days.', position: 1 });

    const order = await s.r.put(`${path}/order`, s.owner.token, { ids: [shipping.id, greeting.id, refunds.id] });
    expect(order.statusCode, order.body).toBe(200);
    expect((json(order).data as Instruction[]).map((i) => [i.title, i.position])).toEqual([
      ['Shipping', 0],
      ['Greeting', 1],
      ['Refunds', 2],
    ]);
    for (const ids of [
      [shipping.id, greeting.id],
      [shipping.id, greeting.id, greeting.id],
      [shipping.id, greeting.id, crypto.randomUUID()],
    ]) {
      const refused = await s.r.put(`${path}/order`, s.owner.token, { ids });
      expect(refused.statusCode).toBe(400);
      expect(json(refused).error).toBe("the new order must name every one of the agent's instructions, each once");
    }
    expect(await titles()).toEqual(['Shipping', 'Greeting', 'Refunds']);

    expect((await s.r.del(`${path}/${greeting.id}`, s.owner.token)).statusCode).toBe(200);
    const last = json(await s.r.post(path, s.owner.token, { title: 'Tone', content: 'Be brief.' })).data;
    expect(last.position).toBe(3);
    expect(await titles()).toEqual(['Shipping', 'Refunds', 'Tone']);
    expect((await s.r.post(path, s.owner.token, { title: '', content: 'x' })).statusCode).toBe(400);
    expect((await s.r.post(path, s.owner.token, { title: 'x', content: ' ' })).statusCode).toBe(400);
  });

  it("answers 404 for an instruction of another of the organization's agents", async () => {
    const s = await agentsSetup(t);
    const ava = await s.agent(s.owner.token, { name: 'Ava' });
    const ben = await s.agent(s.owner.token, { name: 'Ben' });
    const mine = json(
      await s.r.post(`${PATH}/${ava.id}/instructions`, s.owner.token, { title: 'A', content: 'Rule A.' }),
    ).data;
    const wrong = `${PATH}/${ben.id}/instructions/${mine.id}`;
    expect((await s.r.put(wrong, s.owner.token, { content: 'moved' })).statusCode).toBe(404);
    expect((await s.r.del(wrong, s.owner.token)).statusCode).toBe(404);
    expect((await s.r.put(`${PATH}/${ben.id}/instructions/order`, s.owner.token, { ids: [mine.id] })).statusCode).toBe(
      400,
    );
    expect(json(await s.r.get(`${PATH}/${ava.id}/instructions`, s.owner.token)).data).toMatchObject([
      { id: mine.id, content: 'Rule A.', position: 0 },
    ]);
  });
});

describe('knowledge articles of an agent', () => {
  it('marks an article indexed with its passage count once its passages are built, and again after a change', async () => {
    const s = await agentsSetup(t);
    const agent = await s.agent(s.owner.token);
    const path = `${PATH}/${agent.id}/knowledge`;
    const article = json(
      await s.r.post(path, s.owner.token, { title: 'Hours', content: 'We open at nine.\n\nWe close at six.' }),
    ).data;
    await t.app.jobs.drain();
    const indexed = json(await s.r.get(`${path}/${article.id}`, s.owner.token)).data;
    expect(indexed.passages).toBeGreaterThan(0);
    expect(indexed.indexed_at).not.toBeNull();
    await s.r.put(`${path}/${article.id}`, s.owner.token, { content: 'We open at ten.' });
    expect(json(await s.r.get(`${path}/${article.id}`, s.owner.token)).data.indexed_at).toBeNull();
    await t.app.jobs.drain();
    expect(json(await s.r.get(`${path}/${article.id}`, s.owner.token)).data).toMatchObject({ passages: 1 });
  });

  it('saves, lists, changes and deletes an article, emitting saved and deleted events after commit', async () => {
    const s = await agentsSetup(t);
    const agent = await s.agent(s.owner.token);
    const path = `${PATH}/${agent.id}/knowledge`;
    const seen: string[] = [];
    t.app.events.onCommitted('knowledge_article.saved', 'test.saved', ({ data, workspaceId }) => {
      seen.push(`saved ${data.article_id} ${data.agent_id} ${workspaceId}`);
    });
    t.app.events.onCommitted('knowledge_article.deleted', 'test.deleted', ({ data }) => {
      seen.push(`deleted ${data.article_id} ${data.agent_id}`);
    });
    const content = `Our shop opens from 9 am to 6 pm. ${'Details. '.repeat(100)}`;
    const created = await s.r.post(path, s.owner.token, { title: 'Opening hours', content });
    expect(created.statusCode, created.body).toBe(200);
    const article = json(created).data;
    expect(article).toMatchObject({
      agent_id: agent.id,
      title: 'Opening hours',
      content: content.trim(),
      source: 'editor',
      source_name: null,
      passages: 0,
      indexed_at: null,
    });
    expect(seen).toEqual([`saved ${article.id} ${agent.id} ${s.owner.workspaceId}`]);
    expect(json(await s.r.get(`${path}/${article.id}`, s.owner.token)).data).toEqual(article);

    const listed = json(await s.r.get(path, s.owner.token));
    expect(listed.page.total).toBe(1);
    expect(listed.data[0]).toMatchObject({
      id: article.id,
      title: 'Opening hours',
      content_length: content.trim().length,
    });
    expect(listed.data[0].excerpt).toBe(content.trim().slice(0, 300));
    expect(listed.data[0]).not.toHaveProperty('content');

    const changed = await s.r.put(`${path}/${article.id}`, s.owner.token, { content: 'Open 10 am to 7 pm.' });
    expect(json(changed).data).toMatchObject({ title: 'Opening hours', content: 'Open 10 am to 7 pm.' });
    expect(seen).toHaveLength(2);
    await s.r.post(path, s.owner.token, {
      title: 'Returns',
      content: 'Within 30 days.',
      source: 'file',
      source_name: 'returns.md',
    });
    expect(json(await s.r.get(`${path}?keyword=return`, s.owner.token)).data).toMatchObject([
      { title: 'Returns', source: 'file', source_name: 'returns.md' },
    ]);

    expect((await s.r.del(`${path}/${article.id}`, s.owner.token)).statusCode).toBe(200);
    expect(seen.at(-1)).toBe(`deleted ${article.id} ${agent.id}`);
    expect((await s.r.get(`${path}/${article.id}`, s.owner.token)).statusCode).toBe(404);
    expect((await s.r.del(`${path}/${article.id}`, s.owner.token)).statusCode).toBe(404);
  });

  it('refuses an empty article and one over 1,000,000 characters (a 5 MB article) with their messages, saving nothing', async () => {
    const s = await agentsSetup(t);
    const agent = await s.agent(s.owner.token);
    const path = `${PATH}/${agent.id}/knowledge`;
    const seen: string[] = [];
    t.app.events.onCommitted('knowledge_article.saved', 'test.saved', ({ data }) => void seen.push(data.article_id));
    for (const content of ['', '   \n ', undefined]) {
      const empty = await s.r.post(path, s.owner.token, { title: 'Empty', content });
      expect(empty.statusCode).toBe(400);
      expect(json(empty).error).toBe('the article has no text');
    }
    const huge = await s.r.post(path, s.owner.token, { title: 'Huge', content: 'a'.repeat(5 * 1024 * 1024) });
    expect(huge.statusCode).toBe(400);
    expect(json(huge).error).toBe('an article has at most 1,000,000 characters: split it into several');
    const justOver = await s.r.post(path, s.owner.token, { title: 'Over', content: 'b'.repeat(1_000_001) });
    expect(json(justOver).error).toBe('an article has at most 1,000,000 characters: split it into several');
    const kept = json(await s.r.post(path, s.owner.token, { title: 'Fits', content: 'c'.repeat(1_000_000) })).data;
    expect(kept.content).toHaveLength(1_000_000);
    const emptied = await s.r.put(`${path}/${kept.id}`, s.owner.token, { content: '' });
    expect(json(emptied).error).toBe('the article has no text');
    expect((await s.r.put(`${path}/${kept.id}`, s.owner.token, { title: 'x'.repeat(200) })).statusCode).toBe(400);
    expect(json(await s.r.get(path, s.owner.token)).data).toMatchObject([{ title: 'Fits', content_length: 1_000_000 }]);
    expect(seen).toEqual([kept.id]);
  });

  it('answers 404 for an unknown agent and for an article of another agent', async () => {
    const s = await agentsSetup(t);
    const ava = await s.agent(s.owner.token, { name: 'Ava' });
    const ben = await s.agent(s.owner.token, { name: 'Ben' });
    const article = json(
      await s.r.post(`${PATH}/${ava.id}/knowledge`, s.owner.token, { title: 'Hours', content: '9 to 5' }),
    ).data;
    const unknown = crypto.randomUUID();
    expect(
      (await s.r.post(`${PATH}/${unknown}/knowledge`, s.owner.token, { title: 'x', content: 'y' })).statusCode,
    ).toBe(404);
    expect((await s.r.get(`${PATH}/${unknown}/knowledge`, s.owner.token)).statusCode).toBe(404);
    expect((await s.r.get(`${PATH}/${ben.id}/knowledge/${article.id}`, s.owner.token)).statusCode).toBe(404);
    expect((await s.r.put(`${PATH}/${ben.id}/knowledge/${article.id}`, s.owner.token, { title: 'x' })).statusCode).toBe(
      404,
    );
    expect((await s.r.del(`${PATH}/${ben.id}/knowledge/${article.id}`, s.owner.token)).statusCode).toBe(404);
    expect(json(await s.r.get(`${PATH}/${ava.id}/knowledge/${article.id}`, s.owner.token)).data.title).toBe('Hours');
  });

  it("deletes an agent's instructions and articles with it", async () => {
    const s = await agentsSetup(t);
    const agent = await s.agent(s.owner.token);
    const kept = await s.agent(s.owner.token, { name: 'Kept' });
    for (const id of [agent.id, kept.id]) {
      await s.r.post(`${PATH}/${id}/knowledge`, s.owner.token, { title: 'Hours', content: '9 to 5' });
      await s.r.post(`${PATH}/${id}/instructions`, s.owner.token, { title: 'Tone', content: 'Be brief.' });
    }
    expect((await s.r.del(`${PATH}/${agent.id}`, s.owner.token)).statusCode).toBe(200);
    const left = await t.database.withWorkspace(s.owner.workspaceId, async (tx) => ({
      articles: await tx.select({ agentId: knowledgeArticles.agentId }).from(knowledgeArticles),
      instructions: await tx.select({ agentId: csAgentInstructions.agentId }).from(csAgentInstructions),
      gone: await tx.select().from(knowledgeArticles).where(eq(knowledgeArticles.agentId, agent.id)),
    }));
    expect(left).toEqual({ articles: [{ agentId: kept.id }], instructions: [{ agentId: kept.id }], gone: [] });
  });
});
