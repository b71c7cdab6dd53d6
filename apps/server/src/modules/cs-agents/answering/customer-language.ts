/** The languages a customer is answered in by default texts (a handoff notice): the app's three. */
export type CustomerLanguage = 'en' | 'zh-hk' | 'zh-cn';

const HAN = /\p{Script=Han}/u;
// characters written only in Traditional Chinese (their Simplified forms differ), common in customers' messages
const TRADITIONAL = /[們這個說對會來時為與還開關嗎麼請問題門號買賣貨單錢運費點嗎當從後應該經過現發給見聽讓錯誤線網]/u;
// their Simplified counterparts
const SIMPLIFIED = /[们这个说对会来时为与还开关吗么请问题门号买卖货单钱运费点当从后应该经过现发给见听让错误线网]/u;

/**
 * The language of what the customer wrote, as far as a default text needs it: Chinese when it has Han characters
 * (Traditional when it has more Traditional-only characters than Simplified ones), else English.
 */
export function customerLanguage(text: string): CustomerLanguage {
  if (!HAN.test(text)) return 'en';
  const count = (pattern: RegExp) => [...text].filter((character) => pattern.test(character)).length;
  return count(TRADITIONAL) > count(SIMPLIFIED) ? 'zh-hk' : 'zh-cn';
}
