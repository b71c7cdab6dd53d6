import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../app/i18n/index.ts';
import { renderPage } from './render.tsx';

afterAll(() => i18n.changeLanguage('en'));

describe('the public pages rendered at build time', () => {
  it('render each page in the language asked, with antd styles and placeholders for what the server knows', async () => {
    const home = await renderPage('home', 'zh-hk', 'light');
    expect(home.body).toMatch(/<h1[^>]*>所有客戶對話/);
    expect(home.title).toBe('__OC_NAME__');
    expect(home.css).toContain('.ant-btn');

    const about = await renderPage('about', 'zh-cn', 'dark');
    expect(about.title).toBe('关于我们 | __OC_NAME__');
    expect(about.body).toContain('__OC_ORIGIN__');
    // both branches of what depends on a public setting, for the server to choose
    expect(about.body).toMatch(/<oc-if data-key="source"><a[^>]*href="__OC_SOURCE__"/);
    expect(about.body).toMatch(/<oc-if data-key="email">[\s\S]*mailto:__OC_EMAIL__/);
    expect(about.body).toContain('<oc-unless data-key="email">');
  });

  it('render the pricing page with both cycles, its switch and the controls marked for marketing.js', async () => {
    const { body } = await renderPage('pricing', 'en', 'dark');
    expect(body).toContain('data-cycle="monthly"');
    expect(body).toMatch(/class="oc-when-monthly"><div[^>]*><span class="oc-price">\$<!-- -->29/);
    expect(body).toMatch(/class="oc-when-yearly"><div[^>]*><span class="oc-price">\$<!-- -->290/);
    expect(body).toContain('data-oc-cycle=""');
    expect(body).toContain('data-oc-plan="" href="/auth/register?plan=starter&amp;cycle=monthly"');
    expect(body).toContain('data-oc-language=""');
    expect(body).toMatch(/aria-label="Switch to light theme"[^>]*data-oc-theme="light"/);
    expect(body).toContain('<details class="oc-menu oc-narrow">');
  });
});
