import type { Availability } from '@omnichat/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../http/index.ts';
import { patchWorkspaceMember } from '../storage.ts';
import { useSession } from './use-session.ts';

/** loaded on first use: see entry-endpoints.ts */
const endpoints = () => import('../entry-endpoints.ts');

/** The contract's statuses in menu order (a type-only import keeps the contracts' schemas out of the entry). */
export const AVAILABILITY_STATUSES = ['online', 'busy', 'offline'] as const satisfies readonly Availability[];

/** How the dot of each availability looks (Ant Design's badge statuses: green, amber, grey). */
export const AVAILABILITY_BADGE = { online: 'success', busy: 'warning', offline: 'default' } as const satisfies Record<
  Availability,
  string
>;

/**
 * The signed-in member's availability in the current organization (from the stored member record, online when it
 * says nothing) and `change`, which sets it on the server and then in the stored record (every open tab follows).
 */
export function useAvailability() {
  const { member } = useSession();
  const change = useMutation({
    mutationFn: async (status: Availability) => {
      const { selfEndpoints } = await endpoints();
      return (await http.call(selfEndpoints.setAvailability, { body: { status } })).status;
    },
    onSuccess: (status) => patchWorkspaceMember({ availability: status }),
  });
  return {
    status: member?.availability ?? ('online' as Availability),
    change: change.mutate,
    pending: change.isPending,
  };
}
