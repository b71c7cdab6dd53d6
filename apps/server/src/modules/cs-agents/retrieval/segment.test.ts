import { describe, expect, it } from 'vitest';
import { queryTerms, searchable } from './segment.ts';

describe('searchable text', () => {
  it('lower-cases and leaves text with spaces between words as it is', () => {
    expect(searchable('How do I RESET my Password?')).toBe('how do i reset my password?');
    expect(searchable('Café au lait, s’il vous plaît')).toBe('café au lait, s’il vous plaît');
  });

  it('splits Chinese (traditional and simplified) into words separated by spaces', () => {
    expect(searchable('退款會在五個工作天內處理')).toBe('退款 會在 五個 工作 天 內 處理');
    expect(searchable('我们的营业时间')).toMatch(/^我们 的 营业 时间$/);
  });

  it('splits Japanese and keeps Latin words beside CJK apart from them', () => {
    expect(searchable('返金は五営業日以内に処理されます')).toBe('返金 は 五 営業 日 以内 に 処理 さ れ ます');
    expect(searchable('用PayPal付款')).toBe('用 paypal 付款');
  });

  it('keeps punctuation apart from CJK words and turns full-width letters into ASCII', () => {
    expect(searchable('你好。我很好！')).toBe('你好 。 我 很好 !');
    expect(searchable('ＷｉＦｉ密碼')).toBe('wifi 密碼');
  });

  it('turns any white space into single spaces', () => {
    expect(searchable('第一行\n\n第二行  end')).toBe('第一 行 第二 行 end');
    expect(searchable('')).toBe('');
  });
});

describe('query terms', () => {
  it('keeps the content words of an English question, longest first', () => {
    expect(queryTerms('How do I get a refund for my order?')).toEqual(['refund', 'order']);
  });

  it('leaves out single CJK characters and particles unless nothing else remains', () => {
    expect(queryTerms('退款要幾耐？')).toEqual(['退款']);
    expect(queryTerms('貓')).toEqual(['貓']);
  });

  it('never passes search operators through and answers nothing for an empty query', () => {
    expect(queryTerms('"refund" -order | (shipping) & !x')).toEqual(['shipping', 'refund', 'order']);
    expect(queryTerms('  ?? ')).toEqual([]);
  });
});
