import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { useSession } from '../session/use-session.ts';
import type { GeneralSocket } from './general-socket.ts';
import { generalSocket } from './instance.ts';
import type { ActionHandler, SocketState } from './protocol.ts';
import { invalidateOnPush } from './push-invalidation.ts';

/** Without a provider the hooks use the app's socket (it is simply not connected then). */
const SocketContext = createContext<GeneralSocket>(generalSocket);

interface GeneralSocketProviderProps {
  children: ReactNode;
  /** The socket to manage; the app's one by default (tests pass their own). */
  socket?: GeneralSocket;
}

/**
 * Keeps the general socket connected while a token is stored: connects on mount, reconnects with the
 * new token when it changes (switch organization, refresh) and disconnects on logout or unmount.
 * Mounted by the organization and admin layouts.
 */
export function GeneralSocketProvider({ children, socket = generalSocket }: GeneralSocketProviderProps) {
  const { token } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => invalidateOnPush(socket, queryClient), [socket, queryClient]);
  useEffect(() => {
    if (!token) {
      socket.disconnect();
      return;
    }
    try {
      socket.connect();
    } catch (error) {
      console.warn('general socket not started', error);
    }
  }, [socket, token]);
  useEffect(() => () => socket.disconnect(), [socket]);
  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

export interface GeneralSocketApi {
  state: SocketState;
  /** `{action, data}` to the server; throws 'WebSocket is not connected' when not open. */
  send: (action: string, data?: unknown) => void;
  /** Resolves with the reply's data (matched by request_id); rejects on success:false or close. */
  request: <T = unknown>(action: string, data?: unknown) => Promise<T>;
  socket: GeneralSocket;
}

export function useGeneralSocket(): GeneralSocketApi {
  const socket = useContext(SocketContext);
  const subscribe = useCallback((onChange: () => void) => socket.subscribe(onChange), [socket]);
  const state = useSyncExternalStore(
    subscribe,
    () => socket.state,
    () => socket.state,
  );
  return useMemo(
    () => ({
      state,
      send: (action: string, data?: unknown) => socket.send(action, data),
      request: <T = unknown>(action: string, data?: unknown) => socket.request<T>(action, data),
      socket,
    }),
    [socket, state],
  );
}

/** Calls `handler` for every server message with this action while the component is mounted. */
export function useSocketAction<T = unknown>(action: string, handler: ActionHandler<T>): void {
  const socket = useContext(SocketContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => socket.on<T>(action, (message) => latest.current(message)), [socket, action]);
}
