import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
    expect(screen.getByText('$29')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByText('Yearly'));
    expect(await screen.findByText('$290')).toBeInTheDocument();
    expect(screen.getAllByText('/ year').length).toBeGreaterThan(0);
  });

  it('the about page renders', async () => {
    stubFetch({ 'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)] });
    await renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'About OmniChat' })).toBeInTheDocument();
  });
});
