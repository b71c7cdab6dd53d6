import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '../../test/fetch-stub.ts';
import { PUBLIC_SETTINGS } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

describe('verify page', () => {
  it('verifies the token on load and links to sign in', async () => {
    const { callsTo } = stubFetch({
      'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
      'POST /public/v1/auth/verify': [ok({ message: 'your e-mail address is verified, you can sign in now' })],
    });
    await renderApp('/auth/verify?token=abc');
    expect(await screen.findByText('your e-mail address is verified, you can sign in now')).toBeInTheDocument();
    expect(callsTo('POST', '/public/v1/auth/verify')).toHaveLength(1);
    expect(callsTo('POST', '/public/v1/auth/verify')[0]?.body).toEqual({ token: 'abc' });
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth/login');
  });

  it('shows the server error for a bad token', async () => {
    stubFetch({
      'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
      'POST /public/v1/auth/verify': [fail(404, 'verification token not found')],
    });
    await renderApp('/auth/verify?token=nope');
    expect(await screen.findByText('verification token not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeInTheDocument();
  });
});
