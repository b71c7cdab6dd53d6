import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubFetch } from '../../test/fetch-stub.ts';
import { PUBLIC_SETTINGS } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

describe('resend verification page', () => {
  it('asks for a new verification link and shows the answer, which never tells whether the address exists', async () => {
    const answer = 'if this address has an account waiting for verification, a new link has been sent';
    const { callsTo } = stubFetch({
      'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
      'POST /public/v1/auth/resend-verification': [ok({ message: answer })],
    });
    await renderApp('/auth/resend-verification');
    const email = await screen.findByLabelText('E-mail');
    fireEvent.change(email, { target: { value: ' late@example.com ' } });
    fireEvent.click(screen.getByText('Send verification link'));
    expect(await screen.findByText(answer)).toBeInTheDocument();
    expect(callsTo('POST', '/public/v1/auth/resend-verification')[0]?.body).toEqual({ email: 'late@example.com' });
  });

  it('is linked from the sign-in page', async () => {
    stubFetch({ 'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)] });
    await renderApp('/auth/login');
    expect(await screen.findByText('Did not get the verification e-mail?')).toHaveAttribute(
      'href',
      '/auth/resend-verification',
    );
  });
});
