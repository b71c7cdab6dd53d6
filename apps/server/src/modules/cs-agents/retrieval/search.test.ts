import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/test-app.ts';
import type { Database } from '../../../platform/db/database.ts';
import { workspaces } from '../../../platform/identity/workspaces.tables.ts';
import { csAgents } from '../cs-agents.tables.ts';
import { type ArticleToIndex, type Embed, indexArticle, removeArticle } from './index-article.ts';
import { CANDIDATE_BUDGET, matchQuery, type PassageQuery, searchPassages, weight } from './search.ts';
import { searchKnowledge } from './search-knowledge.ts';

let database: Database;
let drop: () => Promise<void>;
const organization = randomUUID();
const otherOrganization = randomUUID();

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  for (const id of [organization, otherOrganization])
    await database.withWorkspace(id, (tx) => tx.insert(workspaces).values({ id, name: 'Shop', timeZone: 'UTC' }));
});
afterAll(() => drop());

const REFUNDS = {
  title: 'Refund policy',
  content:
    'Refunds are paid back to the card you used within 5 business days after we receive the returned item.\n\n' +
    'A refund for a sale item is given as store credit.',
};
const HOURS = {
  title: 'Opening hours',
  content: 'Our Causeway Bay shop opens from 10am to 9pm every day, public holidays included.',
};
const SHIPPING = {
  title: 'Delivery',
  content: 'Orders ship from our Kwun Tong warehouse the next working day. Delivery to Kowloon takes two days.',
};
const REFUNDS_HK = { title: '退款政策', content: '退款會在五個工作天內退回你付款的信用卡。特價貨品只可換取購物禮券。' };
const SHIPPING_CN = { title: '配送说明', content: '订单会在下一个工作日从仓库发货，送到广州一般需要两天。' };

/** A new agent of `workspaceId` with these articles indexed; answers the agent's and the articles' ids. */
async function agentWith(articles: { title: string; content: string }[], workspaceId = organization, embed?: Embed) {
  const agentId = randomUUID();
  const articleIds = articles.map(() => randomUUID());
  await database.withWorkspace(workspaceId, async (tx) => {
    await tx.insert(csAgents).values({ id: agentId, workspaceId, name: 'Agent', responseTone: 'friendly' });
    for (const [i, article] of articles.entries())
      await indexArticle(tx, { workspaceId, agentId, articleId: articleIds[i]!, ...article }, embed);
  });
  return { agentId, articleIds };
}

const search = (query: Omit<PassageQuery, 'workspaceId'>, workspaceId = organization) =>
  database.withWorkspace(workspaceId, (tx) => searchPassages(tx, { workspaceId, ...query }));

describe('searching an agent’s knowledge', () => {
  it('finds the article that answers an English question, and only it as relevant', async () => {
    const { agentId, articleIds } = await agentWith([HOURS, REFUNDS, SHIPPING]);
    const hits = await search({ agentId, query: 'How many days until I get my refunds back?' });
    expect(hits[0]).toMatchObject({ article_id: articleIds[1], title: 'Refund policy', relevant: true });
    expect(hits[0]!.content).toContain('within 5 business days');
    // the opening hours share "day" with the question: found, but not relevant
    expect(hits.filter((hit) => hit.relevant).map((hit) => hit.article_id)).toEqual([articleIds[1]]);
  });

  it('answers no relevant passage for a question the articles do not cover', async () => {
    const { agentId } = await agentWith([HOURS, REFUNDS, SHIPPING]);
    const hits = await search({ agentId, query: 'Do you sell gift cards for birthdays?' });
    expect(hits.filter((hit) => hit.relevant)).toEqual([]);
    expect(await search({ agentId, query: 'hello?' })).toEqual([]);
  });

  it('finds the Chinese article for a question in traditional or simplified Chinese', async () => {
    const { agentId, articleIds } = await agentWith([REFUNDS, REFUNDS_HK, SHIPPING_CN, HOURS]);
    const traditional = await search({ agentId, query: '退款要幾多個工作天？' });
    expect(traditional[0]).toMatchObject({ article_id: articleIds[1], relevant: true });
    expect(traditional[0]!.content).toContain('退款會在五個工作天內');
    const simplified = await search({ agentId, query: '我的订单什么时候发货？' });
    expect(simplified[0]).toMatchObject({ article_id: articleIds[2], relevant: true });
    expect(simplified.filter((hit) => hit.relevant).map((hit) => hit.article_id)).toEqual([articleIds[2]]);
  });

  it('finds a word inside a longer word by its trigrams', async () => {
    const watch = { title: 'Battery care', content: 'Charge your SmartWatch fully before its first use.' };
    const { agentId, articleIds } = await agentWith([watch, HOURS]);
    const hits = await search({ agentId, query: 'watch' });
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ article_id: articleIds[0], relevant: true });
    expect(hits[0]!.ranks).toEqual({ trigram: 1 });
  });

  it('finds a Chinese word inside a longer Chinese word', async () => {
    const card = { title: '付款方法', content: '請用信用卡付款。' };
    const { agentId, articleIds } = await agentWith([card, HOURS]);
    const hits = await search({ agentId, query: '信用' });
    expect(hits.map((hit) => [hit.article_id, hit.ranks, hit.relevant])).toEqual([
      [articleIds[0], { trigram: 1 }, true],
    ]);
  });

  it('never answers another agent’s or another organization’s passages', async () => {
    const { agentId } = await agentWith([REFUNDS]);
    const otherAgent = await agentWith([REFUNDS]);
    // the same agent id in another organization
    await database.withWorkspace(otherOrganization, (tx) =>
      indexArticle(tx, { workspaceId: otherOrganization, agentId, articleId: randomUUID(), ...REFUNDS }),
    );
    const mine = await search({ agentId, query: 'refund' });
    expect(mine).toHaveLength(1);
    expect(mine[0]!.article_id).not.toBe(otherAgent.articleIds[0]);
    const ours = await database.withWorkspace(organization, (tx) =>
      searchPassages(tx, { workspaceId: organization, agentId, query: 'refund', limit: 50 }),
    );
    expect(ours.map((hit) => hit.passage_id)).toEqual(mine.map((hit) => hit.passage_id));
    // asking for the other organization's passages from this organization's transaction finds nothing
    const crossed = await database.withWorkspace(organization, (tx) =>
      searchPassages(tx, { workspaceId: otherOrganization, agentId, query: 'refund' }),
    );
    expect(crossed).toEqual([]);
    // as the system role (past row-level security, for the indexes) the search still keeps to its own
    const bySystem = await searchKnowledge(database, {
      workspaceId: organization,
      agentId,
      query: 'refund',
      limit: 50,
    });
    expect(bySystem.map((hit) => hit.passage_id)).toEqual(mine.map((hit) => hit.passage_id));
    const theirs = await searchKnowledge(database, { workspaceId: otherOrganization, agentId, query: 'refund' });
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.passage_id).not.toBe(mine[0]!.passage_id);
  });

  it('replaces an article’s passages when it is indexed again, and removes them', async () => {
    const { agentId, articleIds } = await agentWith([
      { title: 'Parking', content: 'Parking in our car park is free.' },
    ]);
    const article: ArticleToIndex = {
      workspaceId: organization,
      agentId,
      articleId: articleIds[0]!,
      title: 'Parking',
      content: 'Parking in our car park costs 20 dollars an hour.',
    };
    await database.withWorkspace(organization, (tx) => indexArticle(tx, article));
    const hits = await search({ agentId, query: 'parking' });
    expect(hits.map((hit) => hit.content)).toEqual(['Parking in our car park costs 20 dollars an hour.']);
    expect(await search({ agentId, query: 'free parking' })).toHaveLength(1);
    await database.withWorkspace(organization, (tx) => removeArticle(tx, articleIds[0]!, agentId));
    expect(await search({ agentId, query: 'parking' })).toEqual([]);
  });

  it('forgets the words an edited article no longer has: a part of a longer word is found again', async () => {
    const watch = { title: 'Straps', content: 'Every watch strap fits.' };
    const { agentId, articleIds } = await agentWith([watch]);
    expect(await search({ agentId, query: 'watch' })).toHaveLength(1);
    await database.withWorkspace(organization, (tx) =>
      indexArticle(tx, {
        workspaceId: organization,
        agentId,
        articleId: articleIds[0]!,
        title: 'Straps',
        content: 'Every SmartWatch strap fits.',
      }),
    );
    const hits = await search({ agentId, query: 'watch' });
    expect(hits.map((hit) => [hit.content, hit.ranks])).toEqual([['Every SmartWatch strap fits.', { trigram: 1 }]]);
  });

  it('reorders the hits by vector similarity when the question’s vector is given', async () => {
    const vectors: Record<string, number[]> = { Returns: [1, 0, 0], Exchanges: [0, 1, 0], Wrapping: [0.6, 0.8, 0] };
    const embed: Embed = async (texts) => texts.map((text) => vectors[text.split('\n')[0]!]!);
    const articles = [
      { title: 'Returns', content: 'To return an item, bring the item and the receipt. Item returns are free.' },
      { title: 'Exchanges', content: 'An exchange instead of returning it: bring the item and its receipt.' },
      { title: 'Wrapping', content: 'Gift wrapping of an item costs 10 dollars.' },
    ];
    const { agentId, articleIds } = await agentWith(articles, organization, embed);
    const [returns, exchanges, wrapping] = articleIds;

    const byText = await search({ agentId, query: 'return an item' });
    expect(byText.map((hit) => hit.article_id)).toEqual([returns, exchanges, wrapping]);
    const fused = await search({ agentId, query: 'return an item', queryVector: [0, 2, 0.1] });
    expect(fused.map((hit) => hit.article_id)).toEqual([exchanges, returns, wrapping]);
    expect(fused[0]!.ranks).toEqual({ text: 2, vector: 1 });
    expect(fused[1]!.ranks).toEqual({ text: 1, vector: 3 });
    expect(fused[0]!.similarity).toBeGreaterThan(0.99);
    // a vector of another dimension compares with nothing
    const otherModel = await search({ agentId, query: 'return an item', queryVector: [0, 1] });
    expect(otherModel.map((hit) => hit.article_id)).toEqual([returns, exchanges, wrapping]);
    // close enough by its vector alone: relevant without a shared word
    const byVector = await search({ agentId, query: 'swap', queryVector: [0, 1, 0] });
    expect(byVector[0]).toMatchObject({ article_id: exchanges, relevant: true, ranks: { vector: 1 } });
    expect(byVector.find((hit) => hit.article_id === returns)).toMatchObject({ relevant: false });
  });

  it('compares with the vectors as indexed now, after a change and a deletion of an article', async () => {
    const vectors: Record<string, number[]> = { Returns: [1, 0, 0], Exchanges: [0, 1, 0] };
    const embed: Embed = async (texts) => texts.map((text) => vectors[text.split('\n')[0]!]!);
    const articles = [
      { title: 'Returns', content: 'Returns are free within thirty days.' },
      { title: 'Exchanges', content: 'Exchanges are free within thirty days.' },
    ];
    const { agentId, articleIds } = await agentWith(articles, organization, embed);
    const [returns, exchanges] = articleIds;
    const nearest = async () => (await search({ agentId, query: 'swap', queryVector: [0, 1, 0] }))[0]?.article_id;
    expect(await nearest()).toBe(exchanges);
    vectors.Returns = [0, 1, 0.01];
    vectors.Exchanges = [1, 0, 0];
    for (const [index, article] of articles.entries())
      await database.withWorkspace(organization, (tx) =>
        indexArticle(tx, { workspaceId: organization, agentId, articleId: articleIds[index]!, ...article }, embed),
      );
    expect(await nearest()).toBe(returns);
    await database.withWorkspace(organization, (tx) => removeArticle(tx, returns!, agentId));
    expect(await nearest()).toBe(exchanges);
  });
});

describe('the words the full-text list matches on', () => {
  it('takes the rarest words while their passages stay within the budget, and all together past it', () => {
    const counts = (entries: [string, number][]) => entries.map(([lexeme, passages]) => ({ lexeme, passages }));
    expect(
      matchQuery(
        counts([
          ['order', 900],
          ['katripru', 4],
          ['strap', 80],
        ]),
      ),
    ).toBe("'katripru' | 'strap' | 'order'");
    expect(
      matchQuery(
        counts([
          ['order', CANDIDATE_BUDGET],
          ['katripru', 4],
          ['strap', 80],
        ]),
      ),
    ).toBe("'katripru' | 'strap'");
    expect(
      matchQuery(
        counts([
          ['order', 5_000],
          ['button', 3_000],
        ]),
      ),
    ).toBe("'button' & 'order'");
    expect(matchQuery(counts([["o'neil", 2]]))).toBe("'o''neil'");
  });

  it('weighs a rare word far above one in most passages', () => {
    expect(weight(4, 20_000)).toBeGreaterThan(5 * weight(9_000, 20_000));
    expect(weight(20_000, 20_000)).toBeGreaterThan(0);
  });
});
