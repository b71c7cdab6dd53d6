/**
 * Generated knowledge articles for the retrieval bench: varied but repeatable (a seeded generator). Each article
 * is about one made-up product and one topic, in English or (one in ten) Chinese, about four passages long;
 * questions name what an article is about in other words, as a customer would.
 */

/** mulberry32: a small seeded generator, so every run searches the same text */
export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = 'ka ze ro vi no lu ta mi sen dor pex qua tri bel fo gan hu jin kor lem mav nix ost pru'.split(' ');
const TOPICS =
  'refund delivery warranty battery password invoice subscription installation repair cleaning charging pairing firmware display keyboard speaker camera microphone bluetooth wifi storage backup account billing discount voucher membership exchange cancellation shipping tracking customs packaging assembly calibration filter cartridge sensor remote adapter cable strap lens'.split(
    ' ',
  );
const VERBS = 'reset update replace return check clean charge pair install register activate cancel track order'.split(
  ' ',
);
const WORDS =
  'customer team store online order days hours weeks receipt card payment support button screen light menu settings app manual box label address phone email message form account page model serial number colour size version plan month year price fee cost free extra local overseas office service centre technician appointment'.split(
    ' ',
  );
const CHINESE_TOPICS =
  '退款 送貨 保養 電池 密碼 發票 訂閱 安裝 維修 清潔 充電 配對 韌體 螢幕 鍵盤 喇叭 相機 會員 換貨 取消'.split(' ');
const CHINESE_WORDS =
  '客戶 門市 網上 訂單 收據 信用卡 付款 按鈕 設定 說明書 地址 電話 電郵 型號 序號 顏色 價錢 費用 服務 中心 技術員 預約'.split(
    ' ',
  );

export interface GeneratedArticle {
  title: string;
  content: string;
  /** a question this article answers */
  question: string;
}

export function generateArticles(count: number, seed: number): GeneratedArticle[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const product = () => {
    const name = Array.from({ length: 2 + Math.floor(next() * 2) }, () => pick(SYLLABLES)).join('');
    return name[0]!.toUpperCase() + name.slice(1);
  };
  const articles: GeneratedArticle[] = [];
  for (let i = 0; i < count; i++) {
    const name = product();
    if (i % 10 === 9) {
      const topic = pick(CHINESE_TOPICS);
      const sentence = () =>
        `${name}的${topic}${pick(['需要', '可以在', '一般在', '請於'])}${1 + Math.floor(next() * 14)}日內${pick(CHINESE_WORDS)}${pick(['處理', '完成', '安排', '確認'])}，${pick(CHINESE_WORDS)}${pick(['會', '將', '亦會'])}通知${pick(CHINESE_WORDS)}。`;
      const paragraph = () => Array.from({ length: 8 }, sentence).join('');
      articles.push({
        title: `${name}${topic}`,
        content: Array.from({ length: 8 }, paragraph).join('\n\n'),
        question: `請問${name}的${topic}要幾多日？`,
      });
      continue;
    }
    const topic = pick(TOPICS);
    const sentence = () =>
      `${pick(['To', 'Before you', 'When you', 'If you need to'])} ${pick(VERBS)} the ${name} ${topic}, ${pick(['open', 'use', 'check', 'keep'])} the ${pick(WORDS)} ${pick(WORDS)} and ${pick(VERBS)} it within ${1 + Math.floor(next() * 30)} ${pick(['days', 'hours', 'weeks'])} of your ${pick(WORDS)}.`;
    const paragraph = () => Array.from({ length: 3 }, sentence).join(' ');
    articles.push({
      title: `${name} ${topic}`,
      content: `# ${name} ${topic}\n\n${Array.from({ length: 7 }, paragraph).join('\n\n')}`,
      question: `How do I ${pick(VERBS)} my ${name} ${topic} ${pick(WORDS)}?`,
    });
  }
  return articles;
}
