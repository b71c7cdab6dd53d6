import type { PublicPlan } from '@omnichat/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, writeString } from '../../app/storage.ts';
import { ok, stubFetch } from '../../test/fetch-stub.ts';
import { PUBLIC_SETTINGS } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

describe('public pages', () => {
  it('the landing page links to sign in and sign up, without the /app chrome', async () => {
    stubFetch({ 'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)] });
    await renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Every customer conversation');
    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]).toHaveAttribute('href', '/auth/login');
    expect(screen.getAllByRole('link', { name: 'Sign up' })[0]).toHaveAttribute('href', '/auth/register');
    expect(screen.queryByRole('navigation', { name: 'sidebar' })).not.toBeInTheDocument();
  });

  it('the pricing page switches to yearly prices that save two months', async () => {
    stubFetch({ 'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)] });
    await renderApp('/pricing');
    expect(screen.getByText('save 2 months fee')).toBeInTheDocument();
    // without plans from the server (none answered), the example tiers
    expect(await screen.findByText('$29')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByText('Yearly'));
    expect(await screen.findByText('$290')).toBeInTheDocument();
    expect(screen.getAllByText('/ year').length).toBeGreaterThan(0);
  });

  it("shows the operator's plans from the server, the popular one highlighted, prices per cycle", async () => {
    const plan = (n: number, overrides: Partial<PublicPlan>): PublicPlan => ({
      id: `00000000-0000-4000-8000-00000000000${n}`,
      tag: `plan-${n}`,
      name: `Plan ${n}`,
      currency: 'usd',
      monthly_price_cents: 1900,
      yearly_price_cents: 19000,
      discounted_monthly_price_cents: null,
      discounted_yearly_price_cents: null,
      wallet_multiplier: 1,
      popular: false,
      member_limit: 3,
      channel_limit: 1,
      ai_agent_limit: null,
      features: ['broadcast'],
      ...overrides,
    });
    stubFetch({
      'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
      'GET /public/v1/subscription-plans': [
        ok([
          plan(1, { name: 'Basic' }),
          plan(2, {
            name: 'Team',
            popular: true,
            monthly_price_cents: 5900,
            yearly_price_cents: 59000,
            discounted_yearly_price_cents: 49950,
            member_limit: null,
            channel_limit: null,
            features: ['broadcast', 'workflow'],
          }),
        ]),
      ],
    });
    await renderApp('/pricing');
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    const team = await screen.findByTestId('plan-plan-2');
    expect(screen.queryByText('$29')).not.toBeInTheDocument();
    expect(within(team).getByText('$59')).toBeInTheDocument();
    expect(within(team).getByText('Unlimited seats and channels')).toBeInTheDocument();
    expect(within(team).getByText('Workflows')).toBeInTheDocument();
    expect(team.closest('.ant-ribbon-wrapper')).toHaveTextContent('Most popular');
    const basic = screen.getByTestId('plan-plan-1');
    expect(within(basic).getByText('3 seats included')).toBeInTheDocument();
    expect(within(basic).getByText('Choose plan').closest('a')).toHaveAttribute(
      'href',
      '/auth/register?plan=plan-1&cycle=monthly',
    );
    await userEvent.setup().click(screen.getByText('Yearly'));
    expect(await within(team).findByText('$499.50')).toBeInTheDocument();
    expect(within(team).getByText('$590')).toBeInTheDocument();
    expect(within(basic).getByText('Choose plan').closest('a')).toHaveAttribute(
      'href',
      '/auth/register?plan=plan-1&cycle=yearly',
    );
    // sign-up names the operator's plan chosen
    await userEvent.setup().click(within(team).getByText('Choose plan'));
    expect(await screen.findByText('Plan chosen: Team, billed yearly')).toBeInTheDocument();
  });

  it('"save 2 months fee" is always the green tag, outlined for monthly and filled for yearly', async () => {
    stubFetch({ 'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)] });
    await renderApp('/pricing');
    const tag = screen.getByText('save 2 months fee');
    expect(tag).toHaveClass('ant-tag-green');
    expect(tag).not.toHaveClass('ant-tag-solid');
    await userEvent.setup().click(screen.getByText('Yearly'));
    expect(screen.getByText('save 2 months fee')).toHaveClass('ant-tag-green', 'ant-tag-solid');
  });

  it('"Get started free" of the self-hosted tier leads to the self-hosting steps', async () => {
    stubFetch({ 'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS), ok(PUBLIC_SETTINGS)] });
    await renderApp('/pricing');
    const link = screen.getByRole('link', { name: 'Get started free' });
    expect(link).toHaveAttribute('href', '/about#self-hosting');
    await userEvent.setup().click(link);
    expect(await screen.findByRole('heading', { name: 'Run it on your own server' })).toBeInTheDocument();
    expect(screen.getByText('npm install && npm start')).toBeInTheDocument();
  });

  it('"Contact us" writes to the published contact address, or opens the contact section without one', async () => {
    const withAddress = [...PUBLIC_SETTINGS, { key: 'system.contact.email', value: 'sales@example.com' }];
    stubFetch({ 'GET /public/v1/system-setting': [ok(withAddress)] });
    const { unmount } = await renderApp('/pricing');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', 'mailto:sales@example.com'),
    );
    unmount();

    stubFetch({ 'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS), ok(PUBLIC_SETTINGS)] });
    await renderApp('/pricing');
    const link = await screen.findByRole('link', { name: 'Contact us' });
    expect(link).toHaveAttribute('href', '/about#contact');
    await userEvent.setup().click(link);
    expect(await screen.findByRole('heading', { name: 'Talk to us' })).toBeInTheDocument();
    expect(screen.getByText(/has not published a contact address/)).toBeInTheDocument();
  });

  it('the about page renders', async () => {
    stubFetch({ 'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)] });
    await renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'About OmniChat' })).toBeInTheDocument();
  });

  it('"Get the source code" links to the address the operator set, and is plain text before', async () => {
    stubFetch({ 'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)] });
    const { unmount } = await renderApp('/about');
    expect(await screen.findByText(/Get the source code/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Get the source code/ })).not.toBeInTheDocument();
    unmount();

    const fork = [...PUBLIC_SETTINGS, { key: 'system.source.url', value: 'https://git.example.com/fork' }];
    stubFetch({ 'GET /public/v1/system-setting': [ok(fork)] });
    await renderApp('/about');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Get the source code/ })).toHaveAttribute(
        'href',
        'https://git.example.com/fork',
      ),
    );
  });

  it("the self-hosting steps name this site's own address, port included", async () => {
    stubFetch({ 'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)] });
    await renderApp('/about');
    const step = await screen.findByText(/Open the address the server prints/);
    expect(step).toHaveTextContent(`(${window.location.origin} for this site)`);
  });

  it('"Choose plan" carries the plan and billing cycle into sign-up, which shows and remembers it', async () => {
    stubFetch({ 'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)] });
    const { unmount } = await renderApp('/pricing');
    const user = userEvent.setup();
    const [starter, growth] = await screen.findAllByRole('link', { name: 'Choose plan' });
    expect(starter).toHaveAttribute('href', '/auth/register?plan=starter&cycle=monthly');
    await user.click(screen.getByText('Yearly'));
    expect(growth).toHaveAttribute('href', '/auth/register?plan=growth&cycle=yearly');
    await user.click(growth!);
    expect(await screen.findByText('Plan chosen: Growth, billed yearly')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose another plan' })).toHaveAttribute('href', '/pricing');
    unmount();

    // back later without the address's plan: still the one chosen
    await renderApp('/auth/register');
    expect(await screen.findByText('Plan chosen: Growth, billed yearly')).toBeInTheDocument();
  });

  it('sign-up without a chosen plan shows none, and ignores a plan that does not exist', async () => {
    stubFetch({ 'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)] });
    await renderApp('/auth/register?plan=platinum');
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeInTheDocument();
    expect(screen.queryByText(/Plan chosen/)).not.toBeInTheDocument();
  });

  it('the phone menu is a disclosure with the pages, sign in and sign up', async () => {
    stubFetch({ 'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)] });
    await renderApp('/about');
    const menu = await screen.findByRole('navigation', { name: 'Menu' });
    expect(menu.closest('details')).not.toBeNull();
    const links = [...menu.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Features', '/#features'],
      ['Pricing', '/pricing'],
      ['About', '/about'],
      ['Sign in', '/auth/login'],
      ['Sign up', '/auth/register'],
    ]);
  });

  it('keeps the chosen language and theme in cookies too, which pick the public pages the server sends', () => {
    writeString(STORAGE_KEYS.language, 'zh-hk');
    writeString(STORAGE_KEYS.theme, 'dark');
    expect(document.cookie).toContain('language=zh-hk');
    expect(document.cookie).toContain('theme=dark');
    writeString(STORAGE_KEYS.language, null);
    writeString(STORAGE_KEYS.theme, null);
    expect(document.cookie).not.toMatch(/language=|theme=/);
  });
});
