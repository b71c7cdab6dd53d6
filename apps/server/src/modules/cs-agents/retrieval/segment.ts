/**
 * Text as the knowledge index and its queries see it. PostgreSQL's parser keeps a run of Chinese or Japanese
 * as one token, so such runs are split into words here (Node's ICU word segmenter) and joined by spaces; other
 * text is only lower-cased and NFKC-normalized (full-width letters and digits become ASCII).
 */

/** A run of characters written without spaces between words (and Hangul, whose words carry particles). */
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々〆〇]+/gu;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

const segmenters = new Map<string, Intl.Segmenter>();
const segmenter = (locale: string) => {
  const known = segmenters.get(locale);
  if (known) return known;
  const created = new Intl.Segmenter(locale, { granularity: 'word' });
  segmenters.set(locale, created);
  return created;
};

/** The words of one CJK run, in the language its script suggests (kana: Japanese, Hangul: Korean, else Chinese). */
export function cjkWords(run: string): string[] {
  const locale = KANA.test(run) ? 'ja' : HANGUL.test(run) ? 'ko' : 'zh';
  const words: string[] = [];
  for (const part of segmenter(locale).segment(run)) if (part.isWordLike) words.push(part.segment);
  return words;
}

/** `text` lower-cased, each CJK run split into words, all white space as single spaces. */
export function searchable(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(CJK_RUN, (run) => ` ${cjkWords(run).join(' ')} `)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The most frequent English words (PostgreSQL's `english` stop words, as the full-text index drops them) and
 * Chinese question and function words: not what a question is about.
 */
const STOP_WORDS = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it
  its itself they them their theirs themselves what which who whom this that these those am is are was were be been
  being have has had having do does did doing a an the and but if or because as until while of at by for with about
  against between into through during before after above below to from up down in out on off over under again
  further then once here there when where why how all any both each few more most other some such no nor not only
  own same so than too very s t can will just don should now also could would please hi hello thanks thank get
  我的 你的 我們 我们 你們 你们 請問 请问 什麼 什么 甚麼 什麼時候 什么时候 幾時 几时 幾多 多少 怎樣 怎样 怎麼 怎么 如何 為什麼
  为什么 哪裡 哪里 可以 是否 有沒有 有没有 一個 一个 這個 这个 那個 那个 時候 时候 謝謝 谢谢 你好 您好`.split(/\s+/),
);

export const isCjk = (word: string) => CJK_CHAR.test(word);

/**
 * The words of a query worth looking for, searchable, distinct, longest first, at most `max`: letters and digits
 * only (no search operators), without English stop words; Latin words of one or two letters and single CJK
 * characters (mostly particles such as 的, 嗎, は) are left out unless nothing else remains.
 */
export function queryTerms(query: string, max = 8): string[] {
  const words = searchable(query).match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  const distinct = [...new Set(words)].filter((word) => !STOP_WORDS.has(word));
  const content = distinct.filter((word) => word.length >= (isCjk(word) ? 2 : 3));
  const chosen = content.length > 0 ? content : distinct;
  return chosen.sort((a, b) => b.length - a.length).slice(0, max);
}
