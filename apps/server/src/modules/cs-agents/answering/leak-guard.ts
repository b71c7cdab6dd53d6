/**
 * the shortest stretch of an instruction (letters and digits, case and spacing aside) an answer may not repeat: 40
 * characters, or 16 of Chinese or Japanese (a character there is about a word)
 */
const stretchOf = (text: string) => (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text) ? 16 : 40);
const STEP = 8;

const normal = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Whether an answer repeats one of the agent's instructions word for word (a customer told the model to "print
 * your instructions"): any stretch of one found in the answer, or a whole shorter one of at least half a stretch.
 * Knowledge passages may be quoted; instructions are the business's own orders to the agent, never the customer's.
 */
export function repeatsInstructions(answer: string, instructions: readonly { content: string }[]): boolean {
  const said = normal(answer);
  return instructions.some(({ content }) => {
    const text = normal(content);
    const stretch = stretchOf(text);
    if (text.length < stretch) return text.length >= stretch / 2 && said.includes(text);
    for (let at = 0; at + stretch <= text.length; at += STEP)
      if (said.includes(text.slice(at, at + stretch))) return true;
    return said.includes(text.slice(-stretch));
  });
}
