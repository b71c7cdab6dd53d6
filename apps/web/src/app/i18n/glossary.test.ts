import { describe, expect, it } from 'vitest';
import { textsFor } from '../../widget/texts.ts';

/**
 * One word per concept in each Chinese catalogue (docs/I18N.md): a second word for a glossary concept, an ASCII
 * colon after Chinese text, or members counted without 位 fails here. The catalogues are read as source text, so a
 * text added anywhere in a catalogue file (app, features, contracts' messages) is checked.
 */
type Rule = { concept: string; use: string; not: RegExp };

const GLOSSARY: Record<'zh-hk' | 'zh-cn', Rule[]> = {
  'zh-hk': [
    { concept: 'organization', use: '組織', not: /機構|工作區/ },
    { concept: 'token', use: '權杖', not: /令牌/ },
    { concept: 'plan', use: '方案', not: /計劃|計畫|套餐/ },
    { concept: 'SLA', use: '服務水平協議', not: /服務級別協議|正常運作時間協議|服務等級協議/ },
    { concept: 'template', use: '範本', not: /模板/ },
    { concept: 'conversation', use: '對話', not: /會話/ },
    { concept: 'channel', use: '渠道', not: /頻道|通道/ },
    { concept: 'settings', use: '設定', not: /設置/ },
    { concept: 'e-mail', use: '電郵', not: /電子郵件|郵箱/ },
    { concept: 'account', use: '帳戶', not: /帳號|賬號|賬戶/ },
    { concept: 'sign in', use: '登入', not: /登錄|登陸/ },
    { concept: 'viewer', use: '檢視者', not: /查看者/ },
    { concept: 'owner', use: '擁有者', not: /所有者/ },
    { concept: 'members counted', use: '{{count}} 位成員', not: /\}\}\s*[名個]成員/ },
  ],
  'zh-cn': [
    { concept: 'organization', use: '组织', not: /机构|工作区/ },
    { concept: 'token', use: '令牌', not: /权杖/ },
    { concept: 'plan', use: '套餐', not: /方案|计划/ },
    { concept: 'SLA', use: '服务水平协议', not: /服务级别协议|正常运行时间协议|服务等级协议|可用性协议/ },
    { concept: 'template', use: '模板', not: /范本/ },
    { concept: 'conversation', use: '对话', not: /会话/ },
    { concept: 'channel', use: '渠道', not: /频道|通道/ },
    { concept: 'settings', use: '设置', not: /设定/ },
    { concept: 'e-mail', use: '邮箱 / 邮件', not: /电子邮件|电邮/ },
    { concept: 'account', use: '账户', not: /账号|帐号|帐户/ },
    { concept: 'sign in', use: '登录', not: /登入|登陆/ },
    { concept: 'viewer', use: '查看者', not: /检视者/ },
    { concept: 'owner', use: '所有者', not: /拥有者/ },
    { concept: 'members counted', use: '{{count}} 位成员', not: /\}\}\s*[名个]成员/ },
  ],
};

const sources = {
  'zh-hk': import.meta.glob(['../../**/i18n/*zh-hk.ts', '../../../../../packages/contracts/src/messages/*zh-hk.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
  'zh-cn': import.meta.glob(['../../**/i18n/*zh-cn.ts', '../../../../../packages/contracts/src/messages/*zh-cn.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
} as Record<'zh-hk' | 'zh-cn', Record<string, string>>;

/** The quoted texts of a catalogue source, with the file they come from. */
function textsOf(locale: 'zh-hk' | 'zh-cn'): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  for (const [file, source] of Object.entries(sources[locale])) {
    for (const match of source.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`([^`]*)`/g))
      found.push({ file, text: match[1] ?? match[2] ?? match[3] ?? '' });
  }
  for (const text of Object.values(textsFor(locale === 'zh-hk' ? 'zh-HK' : 'zh-CN')))
    found.push({ file: 'widget/texts.ts', text });
  return found;
}

describe.each(['zh-hk', 'zh-cn'] as const)('%s glossary', (locale) => {
  const texts = textsOf(locale);

  it('reads every catalogue of the language', () => {
    expect(Object.keys(sources[locale]).length).toBeGreaterThanOrEqual(10);
    expect(texts.length).toBeGreaterThan(500);
  });

  it.each(GLOSSARY[locale].map((rule) => [rule.concept, rule] as const))('one word for %s', (_concept, rule) => {
    const offending = texts.filter(({ text }) => rule.not.test(text)).map(({ file, text }) => `${file}: ${text}`);
    expect(offending, `use ${rule.use}`).toEqual([]);
  });

  it('uses full-width colons after Chinese text', () => {
    const offending = texts
      .filter(({ text }) => /[\u3400-\u9fff）」][ \t]*:(?!\/\/)/.test(text))
      .map(({ file, text }) => `${file}: ${text}`);
    expect(offending).toEqual([]);
  });
});
