import { NOTIFICATION_TYPES, type NotificationPreferences } from '@omnichat/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { getToasts } from '../../app/toast/toast-store.ts';
import { fail, ok, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, PUBLIC_SETTINGS, subscriptionFixture, WORKSPACES } from '../../test/fixtures.ts';
import { renderApp, renderWithProviders } from '../../test/render.tsx';
import { PushToggle } from './PushToggle.tsx';
import { stubPush } from './push-stub.ts';

const PREFERENCES: NotificationPreferences = {
  email_mode: 'immediate',
  types: NOTIFICATION_TYPES.map((type) => ({ type, in_app: true, email: false, push: true })),
};

function signIn(routes: Parameters<typeof stubFetch>[0] = {}) {
  writeString(STORAGE_KEYS.token, 'org-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf(WORKSPACES[0]!, []));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
    'GET /v1/notification-preferences': [ok(PREFERENCES)],
    'PUT /v1/notification-preferences': (call) => ok(call.body),
    ...routes,
  });
}

describe('notification settings page', () => {
  it('saves the switches and the e-mail mode with PUT', async () => {
    const { callsTo } = signIn();
    await renderApp('/app/notification-settings');
    const email = await screen.findByLabelText('A conversation is assigned to me: E-mail');
    expect(email).not.toBeChecked();
    expect(screen.getByLabelText('A channel needs to be connected again: Push')).toBeChecked();
    expect(screen.getByText('web push not supported in this browser')).toBeInTheDocument();
    const save = screen.getByText('Save').closest('button')!;
    expect(save).toBeDisabled();

    fireEvent.click(email);
    fireEvent.click(screen.getByLabelText('A member joined the organization: In-app'));
    fireEvent.click(screen.getByLabelText('Daily digest'));
    fireEvent.click(save);

    await waitFor(() => expect(callsTo('PUT', '/v1/notification-preferences')).toHaveLength(1));
    const body = callsTo('PUT', '/v1/notification-preferences')[0]?.body as NotificationPreferences;
    expect(body.email_mode).toBe('digest');
    expect(body.types).toHaveLength(NOTIFICATION_TYPES.length);
    expect(body.types.find((t) => t.type === 'conversation.assigned')).toEqual({
      type: 'conversation.assigned',
      in_app: true,
      email: true,
      push: true,
    });
    expect(body.types.find((t) => t.type === 'member.joined')?.in_app).toBe(false);
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain('Notification settings saved'));
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('shows a failed load with a retry', async () => {
    signIn({ 'GET /v1/notification-preferences': [fail(500, 'boom')] });
    await renderApp('/app/notification-settings');
    expect(await screen.findByText('The list could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Try again')).toBeInTheDocument();
  });
});

describe('browser push toggle', () => {
  let browser: ReturnType<typeof stubPush> | undefined;
  beforeEach(() => {
    writeString(STORAGE_KEYS.token, 'org-token');
    sessionStorage.clear();
  });
  afterEach(() => browser?.remove());

  it('turns push on, and explains a refusal', async () => {
    browser = stubPush({ permission: 'default', answer: 'denied' });
    stubFetch({});
    renderWithProviders(<PushToggle />);
    const toggle = screen.getByLabelText('Push notifications in this browser');
    await waitFor(() => expect(toggle).toBeEnabled());
    fireEvent.click(toggle);
    expect(await screen.findByText('Permission denied')).toBeInTheDocument();
    expect(
      screen.getByText('permission denied for push notifications, enable in browser settings'),
    ).toBeInTheDocument();
  });

  it('shows the server error, else the SPEC text', async () => {
    browser = stubPush({ permission: 'granted' });
    const { callsTo } = stubFetch({
      'POST /v1/web-push/check-subscription': [ok({ subscribed: false })],
      'GET /v1/web-push/public-key': [ok({ publicKey: 'BAAAAAAAAAAAAAAAAAAAAAAAAAAA' })],
      'POST /v1/web-push/register': [fail(400, 'endpoint is not valid'), ok({ message: 'ok' })],
    });
    renderWithProviders(<PushToggle />);
    const toggle = screen.getByLabelText('Push notifications in this browser');
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(screen.getByText('This browser does not receive push notifications.')).toBeInTheDocument();
    fireEvent.click(toggle);
    expect(await screen.findByText('endpoint is not valid')).toBeInTheDocument();
    fireEvent.click(toggle);
    expect(await screen.findByText('This browser receives push notifications.')).toBeInTheDocument();
    expect(callsTo('POST', '/v1/web-push/register')).toHaveLength(2);
    expect(screen.queryByText('endpoint is not valid')).not.toBeInTheDocument();

    browser.subscription.unsubscribe.mockRejectedValueOnce(new Error('gone'));
    stubFetch({ 'POST /v1/web-push/unsubscribe': [ok({ message: 'ok' })] });
    fireEvent.click(toggle);
    expect(await screen.findByText('Failed to unsubscribe from push notifications')).toBeInTheDocument();
  });
});
