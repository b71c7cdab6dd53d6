import { SOCKET_PUSHES, type SocketPush, type SocketPushAction } from '@omnichat/contracts';

/**
 * A push's data in its catalogued shape, or null (logged) when it is not. Pages that apply a push's data read it
 * through this, rather than the socket client, so the schemas load with those pages and not with the app shell.
 */
export function parseSocketPush<A extends SocketPushAction>(action: A, data: unknown): SocketPush<A> | null {
  const parsed = SOCKET_PUSHES[action].safeParse(data);
  if (parsed.success) return parsed.data as SocketPush<A>;
  console.error(`Socket push "${action}" is not in its catalogued shape`, parsed.error.issues);
  return null;
}
