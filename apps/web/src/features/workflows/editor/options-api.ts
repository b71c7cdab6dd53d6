import {
  broadcastEndpoints,
  channelEndpoints,
  endpoint,
  memberEndpoints,
  teamEndpoints,
  templateEndpoints,
} from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../app/http/index.ts';
import { workflowKeys } from '../workflows-api.ts';

/**
 * The pickers' lists by the fields they read (the rest of each answer is kept as it comes): the customers' and
 * conversations' and e-mail templates' full contracts stay in their own pages' chunks (shared, they would split
 * into chunks the app's entry lists).
 */
const named = z.looseObject({ id: z.string(), name: z.string() });
const emailTemplateList = endpoint({
  method: 'GET',
  path: '/v1/email-templates',
  response: z.array(named),
  summary: "The organization's e-mail templates",
});
const tagList = endpoint({
  method: 'GET',
  path: '/v1/customer-tags',
  response: z.array(named),
  summary: "The organization's customer tags",
});
const customerList = endpoint({
  method: 'GET',
  path: '/v1/customers',
  query: z.object({ keyword: z.string().optional(), page: z.number(), size: z.number() }),
  response: z.array(z.looseObject({ id: z.string(), display_name: z.string() })),
  paged: true,
  summary: 'Customers whose name, phone or e-mail holds the keyword',
});
const conversationList = endpoint({
  method: 'GET',
  path: '/v1/conversations',
  query: z.object({ customer_id: z.string(), page: z.number(), size: z.number() }),
  response: z.array(z.looseObject({ id: z.string(), channel_type: z.string(), status: z.string() })),
  paged: true,
  summary: "One customer's conversations",
});

/** One customer's conversations (the first 20), for the test run. */
export const listCustomerConversations = (customerId: string) =>
  http.call(conversationList, { query: { customer_id: customerId, page: 1, size: 20 }, silent: true });

export interface Option {
  value: string;
  label: string;
}

const SOURCES: Record<string, () => Promise<Option[]>> = {
  channels: async () =>
    (await http.call(channelEndpoints.list, { silent: true })).map((c) => ({ value: c.id, label: c.name })),
  tags: async () => (await http.call(tagList, { silent: true })).map((c) => ({ value: c.id, label: c.name })),
  teams: async () =>
    (await http.call(teamEndpoints.list, { query: { page: 1, size: 100 }, silent: true })).map((c) => ({
      value: c.id,
      label: c.name,
    })),
  members: async () =>
    (await http.call(memberEndpoints.list, { query: { page: 1, size: 100 }, silent: true })).items.map((m) => ({
      value: m.id,
      label: m.user.display_name || m.user.username,
    })),
  templates: async () =>
    (await http.call(templateEndpoints.list, { query: { page: 1, size: 100 }, silent: true })).map((c) => ({
      value: c.id,
      label: `${c.name} (${c.language})`,
    })),
  broadcasts: async () =>
    (await http.call(broadcastEndpoints.list, { query: { page: 1, size: 100 }, silent: true })).map((b) => ({
      value: b.id,
      label: b.name,
    })),
  emailTemplates: async () =>
    (await http.call(emailTemplateList, { silent: true })).map((c) => ({ value: c.id, label: c.name })),
};
export type OptionSource = keyof typeof SOURCES;

/** The choices of a settings select (channels, tags, teams, members, templates, broadcasts, e-mail templates). */
export function useOptions(workspaceId: string | null, kind: OptionSource) {
  return useQuery({ queryKey: workflowKeys.options(workspaceId, kind), queryFn: SOURCES[kind]!, staleTime: 60_000 });
}

/** Customers whose name, phone or e-mail holds the term, for the test run. */
export async function searchCustomers(term: string): Promise<Option[]> {
  const customers = await http.call(customerList, { query: { keyword: term || undefined, page: 1, size: 20 } });
  return customers.map((c) => ({ value: c.id, label: c.display_name }));
}
