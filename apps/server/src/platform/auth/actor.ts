import type { FastifyRequest } from 'fastify';

/** Who did something, as the audit log and events name them: a request's signed-in person, or the system. */
export interface Actor {
  type: 'user' | 'admin' | 'system';
  id: string | null;
  name: string;
  ip: string;
}

/** How a person is named: their display name, or their username when they have none. */
export const personName = (person: { displayName: string; username: string }) =>
  person.displayName.trim() || person.username;

/** The signed-in person behind a request. */
export function actorOf(request: FastifyRequest): Actor {
  const principal = request.principal;
  if (!principal) return { type: 'system', id: null, name: '', ip: request.ip };
  if (principal.kind === 'admin')
    return { type: 'admin', id: principal.admin.id, name: personName(principal.admin), ip: request.ip };
  return { type: 'user', id: principal.user.id, name: personName(principal.user), ip: request.ip };
}
