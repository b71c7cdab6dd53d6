import type { BroadcastBody } from '@omnichat/contracts';
import { Form, Radio, Select, Typography } from 'antd';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/use-session.ts';
import { useRemoteSearch } from '../../ui/use-remote-search.ts';
import { searchCustomers, useTags } from './broadcasts-api.ts';
import { CustomFieldFilters, customFieldsOf, type FieldPick } from './CustomFieldFilters.tsx';
import { type UploadedList, UploadedLists } from './UploadedLists.tsx';

interface Picked {
  value: string;
  label: string;
}

/** The audience being chosen: a segment (tags and custom field values), plus customers by hand and lists. */
export interface AudienceDraft {
  tagIds: string[];
  tagMode: 'any' | 'all';
  fields: FieldPick[];
  customers: Picked[];
  lists: UploadedList[];
}

export const EMPTY_AUDIENCE: AudienceDraft = { tagIds: [], tagMode: 'any', fields: [], customers: [], lists: [] };

/** Whether an uploaded list is still being read: the broadcast waits for it. */
export const listsPending = (draft: AudienceDraft) =>
  draft.lists.some((list) => list.status === 'queued' || list.status === 'running');

/** The audience as the contract reads it; parts left empty are left out. */
export function audienceOf(draft: AudienceDraft): BroadcastBody['audience'] {
  const customFields = customFieldsOf(draft.fields);
  const imports = draft.lists.filter((list) => list.status === 'done').map((list) => list.jobId);
  return {
    ...(draft.tagIds.length > 0 && { tag_ids: draft.tagIds, tag_mode: draft.tagMode }),
    ...(customFields && { custom_fields: customFields }),
    ...(draft.customers.length > 0 && { customer_ids: draft.customers.map((customer) => customer.value) }),
    ...(imports.length > 0 && { import_ids: imports }),
  };
}

/** The audience part of the broadcast form: tags, custom fields, customers by hand and uploaded lists. */
export function AudienceStep({
  value,
  onChange,
}: {
  value: AudienceDraft;
  onChange: Dispatch<SetStateAction<AudienceDraft>>;
}) {
  const { t } = useTranslation();
  const { workspaceId } = useSession();
  const tags = useTags(workspaceId);
  const remote = useRemoteSearch(searchCustomers);
  const patch = (part: Partial<AudienceDraft>) => onChange((draft) => ({ ...draft, ...part }));

  return (
    <fieldset style={{ border: 0, padding: 0, margin: '0 0 8px', minWidth: 0 }}>
      <legend style={{ fontSize: 16, fontWeight: 600, marginBottom: 4 }}>{t('broadcasts.audience')}</legend>
      <Typography.Paragraph type="secondary">{t('broadcasts.audienceHelp')}</Typography.Paragraph>
      <Form.Item label={t('broadcasts.audienceParts.tags')}>
        <Select
          mode="multiple"
          optionFilterProp="label"
          aria-label={t('broadcasts.tags')}
          placeholder={t('broadcasts.tagsPlaceholder')}
          loading={tags.isPending}
          value={value.tagIds}
          onChange={(tagIds) => patch({ tagIds })}
          options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: `${tag.name} (${tag.customer_count})` }))}
        />
        <Radio.Group
          style={{ marginTop: 8 }}
          value={value.tagMode}
          onChange={(event) => patch({ tagMode: event.target.value })}
          options={(['any', 'all'] as const).map((mode) => ({ value: mode, label: t(`broadcasts.tagMode.${mode}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('broadcasts.audienceParts.fields')}>
        <CustomFieldFilters value={value.fields} onChange={(fields) => patch({ fields })} />
      </Form.Item>
      <Form.Item label={t('broadcasts.audienceParts.customers')}>
        <Select<Picked[]>
          mode="multiple"
          labelInValue
          showSearch
          filterOption={false}
          aria-label={t('broadcasts.customers')}
          placeholder={t('broadcasts.customersPlaceholder')}
          loading={remote.loading}
          onSearch={remote.onSearch}
          onOpenChange={remote.onOpen}
          value={value.customers}
          onChange={(customers) => patch({ customers })}
          options={remote.found}
        />
      </Form.Item>
      <Form.Item
        label={t('broadcasts.audienceParts.lists')}
        extra={listsPending(value) ? t('broadcasts.lists.wait') : t('broadcasts.lists.hint')}
      >
        <UploadedLists
          value={value.lists}
          onChange={(update) =>
            onChange((draft) => ({ ...draft, lists: typeof update === 'function' ? update(draft.lists) : update }))
          }
        />
      </Form.Item>
    </fieldset>
  );
}
