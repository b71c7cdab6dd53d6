/**
 * Whether a customer's message asks for a person rather than a bot: English and Chinese phrasings ("talk to a
 * human", "real person", "agent please", 真人, 人工客服, 轉人工). A handoff does not wait for the model then.
 */
const ENGLISH =
  /\b(human|real person|live (agent|person|chat)|(talk|speak|chat) (to|with) (a |an |some)?(person|people|someone|agent|representative|staff|operator)|customer service (agent|representative)|representative|operator|agent,? please)\b/i;
const CHINESE = /真人|人工|轉人工|转人工|客服人員|客服人员|找人|真人客服|同人傾|跟人说|找個人|找个人/;

export const asksForPerson = (text: string) => ENGLISH.test(text) || CHINESE.test(text);
