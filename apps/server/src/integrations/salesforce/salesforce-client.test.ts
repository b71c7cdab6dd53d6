import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeSalesforce, startFakeSalesforce } from '../../../test/fakes/salesforce-api.ts';
import { createOutboundClient } from '../../platform/outbound/outbound-client.ts';
import {
  authorizeUrl,
  createSalesforceClient,
  pkcePair,
  type SalesforceApp,
  SalesforceError,
  type SalesforceTokens,
} from './salesforce-client.ts';

const CLIENT = { clientId: '3MVG9-client', clientSecret: 'secret-1' };
let fake: FakeSalesforce;
let app: SalesforceApp;
const client = createSalesforceClient(createOutboundClient({ allowPrivate: true }), { timeoutMs: 5_000 });

beforeAll(async () => {
  fake = await startFakeSalesforce(CLIENT);
  app = { loginUrl: fake.url, ...CLIENT, redirectUri: 'https://app.example/public/v1/salesforce/oauth/callback' };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.accounts.clear();
  Object.assign(fake.settings, { pageSize: 2000, rotate: false, limited: false });
});

/** Consents at the stand-in as a browser would, and exchanges the code with the verifier. */
async function connect(): Promise<SalesforceTokens> {
  const { verifier, challenge } = pkcePair();
  const consent = await fetch(authorizeUrl(app, 'state-1', challenge));
  const back = new URL(/href="([^"]+)"/.exec(await consent.text())![1]!.replaceAll('&amp;', '&'));
  expect(back.searchParams.get('state')).toBe('state-1');
  return client.exchangeCode(app, back.searchParams.get('code')!, verifier);
}

describe('the Salesforce client', () => {
  it('builds the authorize URL with PKCE (S256) and exchanges the code with its verifier', async () => {
    const url = new URL(authorizeUrl(app, 'abc', 'challenge'));
    expect(url.pathname).toBe('/services/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT.clientId,
      redirect_uri: app.redirectUri,
      state: 'abc',
      code_challenge: 'challenge',
      code_challenge_method: 'S256',
    });
    const tokens = await connect();
    expect(tokens.refreshToken).toMatch(/^5Aep/);
    expect(tokens.instanceUrl).toBe(fake.url);
    const exchange = fake.requests.find((request) => request.path === '/services/oauth2/token')!;
    expect(exchange.form!.get('grant_type')).toBe('authorization_code');
    expect(exchange.form!.get('code_verifier')).toBeTruthy();
  });

  it('names a wrong client secret in words', async () => {
    const wrong = { ...app, clientSecret: 'nope' };
    const failure = await client.refresh(wrong, 'any').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SalesforceError);
    expect(failure).toMatchObject({ code: 'invalid_client', message: 'invalid client credentials' });
  });

  it('reads every page of a query, refreshing once on INVALID_SESSION_ID and keeping a rotated refresh token', async () => {
    const tokens = await connect();
    for (let n = 0; n < 5; n++)
      fake.accounts.set(`001A${n}`, {
        Id: `001A${n}`,
        Name: `Acme ${n}`,
        SystemModstamp: `2026-01-0${n + 1}T00:00:00.000Z`,
      });
    fake.settings.pageSize = 2;
    fake.settings.rotate = true;
    fake.expireSessions();
    const told: SalesforceTokens[] = [];
    const session = client.session(app, tokens, async (next) => void told.push(next));
    const pages: string[][] = [];
    for await (const page of session.query<{ Name: string }>('SELECT Id, Name FROM Account ORDER BY SystemModstamp'))
      pages.push(page.map((account) => account.Name));
    expect(pages).toEqual([['Acme 0', 'Acme 1'], ['Acme 2', 'Acme 3'], ['Acme 4']]);
    expect(told).toHaveLength(1);
    expect(told[0]!.refreshToken).not.toBe(tokens.refreshToken);
    expect(session.limit?.max).toBe(15000);
  });

  it('updates and creates Accounts, and tells a refused refresh and the API limit apart', async () => {
    const tokens = await connect();
    fake.accounts.set('001B', { Id: '001B', Name: 'Beta', SystemModstamp: '2026-01-01T00:00:00.000Z' });
    const session = client.session(app, tokens, async () => {});
    await session.update('Account', '001B', { Phone: '+85212345678' });
    expect(fake.accounts.get('001B')!.Phone).toBe('+85212345678');
    const created = await session.create('Account', { Name: 'Gamma' });
    expect(fake.accounts.get(created)!.Name).toBe('Gamma');

    fake.settings.limited = true;
    const limited = await session.update('Account', '001B', { Phone: '1' }).catch((error: unknown) => error);
    expect((limited as SalesforceError).limited).toBe(true);
    fake.settings.limited = false;

    fake.expireSessions();
    fake.revokeRefreshTokens();
    const refused = await session.update('Account', '001B', { Phone: '2' }).catch((error: unknown) => error);
    expect((refused as SalesforceError).needsReauth).toBe(true);
  });

  it('revokes a token at the login host', async () => {
    const tokens = await connect();
    await client.revoke(app, tokens.refreshToken!);
    const revoke = fake.requests.find((request) => request.path === '/services/oauth2/revoke')!;
    expect(revoke.form!.get('token')).toBe(tokens.refreshToken);
    const refused = await client.refresh(app, tokens.refreshToken!).catch((error: unknown) => error);
    expect((refused as SalesforceError).needsReauth).toBe(true);
  });
});
