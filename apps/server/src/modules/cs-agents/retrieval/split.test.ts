import { describe, expect, it } from 'vitest';
import { MAX_CHARS, MIN_CHARS, splitArticle } from './split.ts';

const sentence = (i: number) => `Sentence number ${i} explains one more detail of the returns policy for customers.`;
const paragraph = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');
/** every word of the text, in order: passages lose and cut none */
const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

describe('splitting an article into passages', () => {
  it('keeps a short article whole', () => {
    expect(splitArticle('Hours', 'We open at 9am.\n\nWe close at 6pm.')).toEqual([
      'We open at 9am.\n\nWe close at 6pm.',
    ]);
  });

  it('cuts English at paragraph ends into passages of 300 to 800 characters, losing no word', () => {
    const content = Array.from({ length: 12 }, (_, i) => paragraph(i * 3, 3)).join('\n\n');
    const passages = splitArticle('Returns', content);
    expect(passages.length).toBeGreaterThan(1);
    for (const passage of passages.slice(0, -1)) {
      expect(passage.length).toBeGreaterThanOrEqual(MIN_CHARS);
      expect(passage.length).toBeLessThanOrEqual(MAX_CHARS);
      expect(passage.endsWith('customers.')).toBe(true);
    }
    expect(wordsOf(passages.join(' '))).toEqual(wordsOf(content));
  });

  it('cuts a very long paragraph at sentence ends', () => {
    const content = paragraph(0, 40);
    const passages = splitArticle('Returns', content);
    expect(passages.length).toBeGreaterThanOrEqual(4);
    for (const passage of passages) {
      expect(passage.length).toBeLessThanOrEqual(MAX_CHARS);
      expect(passage).toMatch(/^Sentence number \d+ .*customers\.$/);
    }
    expect(wordsOf(passages.join(' '))).toEqual(wordsOf(content));
  });

  it('cuts Chinese at 。！？ and never inside a word', () => {
    const chinese = Array.from(
      { length: 60 },
      (_, i) => `第${i}條：退款會在五個工作天內處理，請保留收據！需要幫忙嗎？`,
    ).join('');
    const passages = splitArticle('退款', chinese);
    expect(passages.length).toBeGreaterThan(1);
    for (const passage of passages) {
      expect(passage.length).toBeLessThanOrEqual(MAX_CHARS);
      expect(passage).toMatch(/^第\d+條/);
      expect(passage).toMatch(/[！？。]$/);
    }
    expect(passages.join('')).toBe(chinese);
  });

  it('cuts one sentence longer than a passage between words', () => {
    const longSentence = `${Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ')}.`;
    const passages = splitArticle('Long', longSentence);
    expect(passages.length).toBeGreaterThan(1);
    for (const passage of passages) expect(passage.length).toBeLessThanOrEqual(MAX_CHARS);
    expect(wordsOf(passages.join(' '))).toEqual(wordsOf(longSentence));
  });

  it('keeps a markdown heading with its section and starts a passage at a section', () => {
    const content = [
      '# Shipping',
      paragraph(0, 5),
      '## Returns',
      paragraph(10, 5),
      '## Refunds\nRefunds go back to the card you paid with.',
    ].join('\n\n');
    const passages = splitArticle('Help', content);
    expect(passages[0]).toMatch(/^# Shipping\n\nSentence number 0 /);
    expect(passages.some((passage) => passage.startsWith('## Returns\n\nSentence number 10 '))).toBe(true);
    for (const passage of passages) expect(passage).not.toMatch(/#+ \w+$/);
    expect(passages.at(-1)).toMatch(/## Refunds\n\nRefunds go back to the card you paid with\.$/);
  });

  it('ignores empty lines and answers no passage for an empty article', () => {
    expect(splitArticle('Empty', '')).toEqual([]);
    expect(splitArticle('Blank', ' \n\n \r\n\t\n')).toEqual([]);
    expect(splitArticle('Gaps', '\n\n\nFirst.\n\n\n\n\nSecond.\n\n')).toEqual(['First.\n\nSecond.']);
  });
});
