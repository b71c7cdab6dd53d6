import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberKeys } from '../../features/members/members-api.ts';
import { teamKeys } from '../../features/teams/teams-api.ts';
import { FakeWebSocket } from '../../test/fake-websocket.ts';
import { STORAGE_KEYS, writeString } from '../storage.ts';
import { GeneralSocket } from './general-socket.ts';
import { invalidateOnPush, PUSH_INVALIDATES } from './push-invalidation.ts';

const TEAM = {
  id: '0b6b8f1e-8d2a-4c55-9a55-0d8f5c1b2a01',
  name: 'Support',
  description: '',
  permissions: [],
  member_count: 0,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  members: [],
};

async function connected() {
  writeString(STORAGE_KEYS.token, 'token');
  const socket = new GeneralSocket({
    getToken: () => 'token',
    getTicket: async () => 'ticket',
    getLocale: () => 'en',
    notify: vi.fn(),
    WebSocketImpl: FakeWebSocket,
    url: () => 'ws://chat.example/v1/ws',
  });
  socket.connect();
  await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
  FakeWebSocket.latest().open();
  return { socket, ws: FakeWebSocket.latest() };
}

describe('socket pushes', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('name the features’ own query keys', () => {
    expect(PUSH_INVALIDATES['team.created']).toContainEqual(teamKeys.all);
    expect(PUSH_INVALIDATES['member.changed']).toContainEqual(memberKeys.all);
  });

  it('make the queries they change stale, with no "no handler" warning', async () => {
    const { socket, ws } = await connected();
    const queryClient = new QueryClient();
    queryClient.setQueryData(teamKeys.detail('w1', TEAM.id), TEAM);
    queryClient.setQueryData(['customers', 'w1'], []);
    const stop = invalidateOnPush(socket, queryClient);

    ws.receive({ action: 'team.updated', success: true, data: TEAM });
    expect(queryClient.getQueryState(teamKeys.detail('w1', TEAM.id))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['customers', 'w1'])?.isInvalidated).toBe(false);
    expect(warn).not.toHaveBeenCalled();

    stop();
    queryClient.setQueryData(teamKeys.detail('w1', TEAM.id), TEAM);
    ws.receive({ action: 'team.updated', success: true, data: TEAM });
    expect(queryClient.getQueryState(teamKeys.detail('w1', TEAM.id))?.isInvalidated).toBe(false);
  });
});
