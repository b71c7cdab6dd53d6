import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render.tsx';
import { asSystemAdmin, findButton } from '../admin-test-helpers.ts';

const SMTP = [
  { key: 'smtp.host', value: 'smtp.example.com' },
  { key: 'smtp.port', value: '587' },
  { key: 'smtp.security', value: 'starttls' },
  { key: 'smtp.user', value: 'mailer' },
  { key: 'smtp.password', value: '********' },
  { key: 'smtp.sender', value: 'noreply@example.com' },
];

describe('SMTP settings page', () => {
  it('saves only the changed keys and keeps the secret mask', async () => {
    const { callsTo } = asSystemAdmin({
      'GET /v1/system-setting': [ok(SMTP)],
      'PUT /v1/system-setting': (call) => ok((call.body as { settings: unknown[] }).settings),
    });
    await renderApp('/admin/settings/smtp-server');
    const host = await screen.findByLabelText('SMTP host');
    expect(callsTo('GET', '/v1/system-setting')[0]?.url).toBe(
      `/v1/system-setting?keys=${encodeURIComponent('smtp.host,smtp.port,smtp.security,smtp.user,smtp.password,smtp.sender')}`,
    );
    await waitFor(() => expect(host).toHaveValue('smtp.example.com'));
    expect(screen.getByLabelText('SMTP password')).toHaveValue('********');
    expect(screen.getByLabelText('SMTP port')).toHaveValue('587');
    const user = userEvent.setup();
    await user.clear(host);
    await user.type(host, 'mail.example.org');
    await user.clear(screen.getByLabelText('SMTP port'));
    await user.type(screen.getByLabelText('SMTP port'), '465');
    await user.click(await findButton('Save settings'));
    await waitFor(() => expect(callsTo('PUT', '/v1/system-setting')).toHaveLength(1));
    expect(callsTo('PUT', '/v1/system-setting')[0]?.body).toEqual({
      settings: [
        { key: 'smtp.host', value: 'mail.example.org' },
        { key: 'smtp.port', value: '465' },
      ],
    });
    expect(await screen.findByText('Save successfully')).toBeInTheDocument();
    expect(screen.getByLabelText('SMTP password')).toHaveValue('********');

    // a changed secret is sent; nothing else has changed since the save
    await user.clear(screen.getByLabelText('SMTP password'));
    await user.type(screen.getByLabelText('SMTP password'), 'new-secret');
    await user.click(await findButton('Save settings'));
    await waitFor(() => expect(callsTo('PUT', '/v1/system-setting')).toHaveLength(2));
    expect(callsTo('PUT', '/v1/system-setting')[1]?.body).toEqual({
      settings: [{ key: 'smtp.password', value: 'new-secret' }],
    });
  });

  it("sends a test e-mail and shows the server's answer, or the error", async () => {
    const { callsTo } = asSystemAdmin({
      'GET /v1/system-setting': [ok(SMTP)],
      'POST /v1/system-setting/smtp/test': [
        ok({ response: '250 2.0.0 OK queued as 12345' }),
        fail(400, 'the SMTP server refused the test e-mail: 535 Authentication failed'),
      ],
    });
    await renderApp('/admin/settings/smtp-server');
    const user = userEvent.setup();
    const recipient = await screen.findByLabelText('Test recipient');
    await user.click(await findButton('Send test e-mail'));
    expect(await screen.findByText('invalid email address')).toBeInTheDocument();
    expect(callsTo('POST', '/v1/system-setting/smtp/test')).toHaveLength(0);

    await user.type(recipient, 'ops@example.com');
    await user.click(await findButton('Send test e-mail'));
    const success = await screen.findByText('250 2.0.0 OK queued as 12345');
    expect(success.closest('.ant-alert')).toHaveClass('ant-alert-success');
    expect(callsTo('POST', '/v1/system-setting/smtp/test')[0]?.body).toEqual({ to: 'ops@example.com' });

    await user.click(await findButton('Send test e-mail'));
    const failure = await screen.findByText('the SMTP server refused the test e-mail: 535 Authentication failed');
    const alert = failure.closest('.ant-alert') as HTMLElement;
    expect(alert).toHaveClass('ant-alert-error');
    expect(within(alert).getByText('The test e-mail could not be sent')).toBeInTheDocument();
    expect(screen.queryByText('250 2.0.0 OK queued as 12345')).not.toBeInTheDocument();
  });
});
