import { waitFor } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
// the script the prerendered pages load (public/, served as it is)
import script from '../../public/marketing.js?raw';
import { i18n } from '../app/i18n/index.ts';
import { ok, stubFetch } from '../test/fetch-stub.ts';
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

  it("fills in the operator's plans after load (marketing.js), and keeps the examples without them", async () => {
    const { body } = await renderPage('pricing', 'en', 'light');
    const plan = {
      id: '00000000-0000-4000-8000-000000000001',
      tag: 'team',
      name: 'Team',
      currency: 'usd',
      monthly_price_cents: 5900,
      yearly_price_cents: 59000,
      discounted_monthly_price_cents: null,
      discounted_yearly_price_cents: 49950,
      wallet_multiplier: 1,
      popular: true,
      member_limit: 1,
      channel_limit: 4,
      ai_agent_limit: null,
      features: ['workflow'],
    };
    stubFetch({ 'GET /public/v1/subscription-plans': [ok([plan])] });
    document.body.innerHTML = body;
    new Function(script)();
    const row = document.querySelector('template[data-oc-plan-template]')?.parentElement as HTMLElement;
    expect(row.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(row.getAttribute('aria-busy')).toBeNull());
    expect(row.querySelectorAll('[data-oc-example]')).toHaveLength(0);
    const card = row.querySelector('.oc-popular') as HTMLElement;
    expect(card.textContent).toContain('Team');
    expect(card.textContent).toContain('Most popular');
    expect(card.querySelector('.oc-when-monthly')?.textContent).toContain('$59/ month');
    expect(card.querySelector('.oc-when-yearly')?.textContent).toBe('$499.50/ year$590');
    expect(card.textContent).toContain('1 seat included');
    expect(card.textContent).toContain('4 channels');
    expect(card.textContent).toContain('Workflows');
    expect(card.querySelector('a[data-oc-plan]')?.getAttribute('href')).toBe('/auth/register?plan=team&cycle=monthly');

    // a server without plans (or without billing): the examples stay
    stubFetch({ 'GET /public/v1/subscription-plans': [ok([])] });
    document.body.innerHTML = body;
    new Function(script)();
    const again = document.querySelector('template[data-oc-plan-template]')?.parentElement as HTMLElement;
    await waitFor(() => expect(again.getAttribute('aria-busy')).toBeNull());
    expect(again.querySelectorAll('[data-oc-example]')).toHaveLength(2);
    document.body.innerHTML = '';
  });
});
