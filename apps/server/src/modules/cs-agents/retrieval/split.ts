/**
 * An article cut into passages of about MIN_CHARS to MAX_CHARS characters: at paragraph ends first, then at
 * sentence ends (。！？ included), and only inside a sentence longer than MAX_CHARS at word boundaries, so no word
 * is ever cut. A markdown heading stays with the text under it (a passage never ends on a heading).
 *
 * No overlap: cuts fall only at paragraph or sentence ends, so nothing is cut in half, and overlapping text would
 * reach the prompt twice when neighbouring passages are both retrieved.
 */
export const MIN_CHARS = 300;
export const MAX_CHARS = 800;

/** A piece of text no longer than MAX_CHARS and what joins it to the piece before it. */
interface Piece {
  text: string;
  /** '\n\n' between paragraphs; '' between the pieces of one paragraph (each keeps its own spacing) */
  joiner: string;
  heading: boolean;
}

const HEADING = /^#{1,6}\s/;
const sentences = new Intl.Segmenter('und', { granularity: 'sentence' });
const words = new Intl.Segmenter('und', { granularity: 'word' });

/** Greedy runs of `parts` (joined as they are) no longer than `max`; a part longer than `max` stands alone. */
function pack(parts: string[], max: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const part of parts) {
    if (current && current.length + part.length > max) {
      out.push(current);
      current = '';
    }
    current += part;
  }
  if (current) out.push(current);
  return out;
}

/** A sentence longer than MAX_CHARS cut between words (ICU word boundaries: also between Chinese words). */
const byWords = (sentence: string) =>
  pack(
    Array.from(words.segment(sentence), (part) => part.segment),
    MAX_CHARS,
  ).flatMap((chunk) => (chunk.length > MAX_CHARS ? hardCut(chunk) : [chunk]));

/** Only a single "word" longer than MAX_CHARS (a URL, base64) is cut by length. */
const hardCut = (text: string) =>
  Array.from({ length: Math.ceil(text.length / MAX_CHARS) }, (_, i) => text.slice(i * MAX_CHARS, (i + 1) * MAX_CHARS));

/** A paragraph as pieces no longer than MAX_CHARS: itself, or its sentences (and words) packed. */
function paragraphPieces(paragraph: string): string[] {
  if (paragraph.length <= MAX_CHARS) return [paragraph];
  const parts = Array.from(sentences.segment(paragraph), (part) => part.segment).flatMap((sentence) =>
    sentence.length > MAX_CHARS ? byWords(sentence) : [sentence],
  );
  return pack(parts, MAX_CHARS);
}

/** The article's paragraphs (blank-line separated), a heading line split from text right under it. */
function paragraphs(content: string): { text: string; heading: boolean }[] {
  const blocks = content.replace(/\r\n?/g, '\n').split(/\n[^\S\n]*\n/);
  const out: { text: string; heading: boolean }[] = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    let body: string[] = [];
    const flush = () => {
      const text = body.join('\n').trim();
      if (text) out.push({ text, heading: false });
      body = [];
    };
    for (const line of lines) {
      if (HEADING.test(line.trim())) {
        flush();
        out.push({ text: line.trim(), heading: true });
      } else body.push(line);
    }
    flush();
  }
  return out;
}

/** The article's content as passages (its title is stored beside each, not repeated in them). */
export function splitArticle(_title: string, content: string): string[] {
  const pieces: Piece[] = [];
  for (const paragraph of paragraphs(content)) {
    paragraphPieces(paragraph.text).forEach((text, i) => {
      pieces.push({ text, joiner: i === 0 ? '\n\n' : '', heading: paragraph.heading });
    });
  }
  const passages: string[] = [];
  let current = '';
  /** the current passage ends in a heading: it must take the next piece whatever its length */
  let endsInHeading = false;
  const flush = () => {
    const text = current.trim();
    if (text) passages.push(text);
    current = '';
  };
  for (const piece of pieces) {
    const joined = current ? current + piece.joiner + piece.text : piece.text;
    const tooLong = current && joined.trim().length > MAX_CHARS;
    // a new section starts a new passage once the current one is long enough
    const newSection = piece.heading && !endsInHeading && current.trim().length >= MIN_CHARS;
    if ((tooLong || newSection) && !endsInHeading) {
      flush();
      current = piece.text;
    } else current = joined;
    endsInHeading = piece.heading;
  }
  flush();
  return passages;
}
