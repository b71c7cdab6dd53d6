import {
  customerEndpoints,
  type EmailTemplate,
  type EmailTemplateBody,
  emailTemplateEndpoints,
} from '@omnichat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/index.ts';
import type { ListPage, ListParams } from '../../../ui/list/use-list.ts';

export const emailTemplateKeys = {
  all: ['email-templates'] as const,
  list: (workspaceId: string | null, params: unknown) => ['email-templates', workspaceId, 'list', params] as const,
};

export async function listEmailTemplates({ page: at, size }: ListParams<object>): Promise<ListPage<EmailTemplate>> {
  const { data, page } = await http.callEnvelope(emailTemplateEndpoints.list, { query: { page: at, size } });
  return { items: data, page };
}

/** Create or replace a template; errors are left to the form (not toasted). */
export function useSaveEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: EmailTemplateBody }) =>
      id
        ? http.call(emailTemplateEndpoints.update, { params: { id }, body, silent: true })
        : http.call(emailTemplateEndpoints.create, { body, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}

export function useDeleteEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.call(emailTemplateEndpoints.remove, { params: { id }, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}

/** Uploads a file to attach (at most 10 MB); errors are left to the drawer. */
export function uploadEmailAttachment(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.call(emailTemplateEndpoints.upload, { form, silent: true });
}

/** The template as a customer would get it; a saved template only. */
export function usePreviewEmailTemplate() {
  return useMutation({
    mutationFn: ({ id, customerId }: { id: string; customerId: string }) =>
      http.call(emailTemplateEndpoints.preview, { params: { id }, body: { customer_id: customerId }, silent: true }),
  });
}

/** Customers matching a search, as picker options (name and e-mail). */
export async function searchCustomers(keyword: string) {
  const { data } = await http.callEnvelope(customerEndpoints.list, {
    query: { keyword: keyword || undefined, page: 1, size: 20 },
  });
  return data.map((customer) => ({
    value: customer.id,
    label: [customer.display_name, customer.email].filter(Boolean).join(' · '),
  }));
}
