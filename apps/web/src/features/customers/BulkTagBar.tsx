import type { BulkTagsBody } from '@omnichat/contracts';
import { Alert, Button, Checkbox, Flex, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/use-session.ts';
import { toast } from '../../app/toast/toast-store.ts';
import { useBulkTags, useCustomerTags } from './customers-api.ts';
import { CUSTOMERS_NS } from './i18n/index.ts';

interface BulkTagBarProps {
  selected: string[];
  /** how many customers the list's filters match */
  total: number;
  filter: NonNullable<BulkTagsBody['filter']>;
  onDone: () => void;
}

/** Adds or removes tags on the picked customers, or on all that match the list's filters. */
export function BulkTagBar({ selected, total, filter, onDone }: BulkTagBarProps) {
  const { t } = useTranslation(CUSTOMERS_NS);
  const { workspaceId } = useSession();
  const tags = useCustomerTags(workspaceId);
  const bulk = useBulkTags();
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [allMatching, setAllMatching] = useState(false);

  const apply = (action: 'add' | 'remove') =>
    bulk.mutate(
      {
        ...(allMatching ? { filter } : { customer_ids: selected }),
        add_tag_ids: action === 'add' ? tagIds : [],
        remove_tag_ids: action === 'remove' ? tagIds : [],
      },
      {
        onSuccess: ({ updated }) => {
          toast.success(t('bulkDone', { count: updated }));
          setTagIds([]);
          onDone();
        },
      },
    );

  return (
    <Alert
      type="info"
      style={{ marginBottom: 12 }}
      title={
        <Flex gap={8} wrap align="center">
          <span>{allMatching ? t('allMatching', { count: total }) : t('selected', { count: selected.length })}</span>
          {total > selected.length && (
            <Checkbox checked={allMatching} onChange={(event) => setAllMatching(event.target.checked)}>
              {t('allMatching', { count: total })}
            </Checkbox>
          )}
          <Select
            mode="multiple"
            aria-label={t('bulkTagsTitle', { count: allMatching ? total : selected.length })}
            placeholder={t('columns.tags')}
            style={{ minWidth: 180 }}
            value={tagIds}
            onChange={setTagIds}
            options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
            optionFilterProp="label"
          />
          <Button disabled={!tagIds.length} loading={bulk.isPending} onClick={() => apply('add')}>
            {t('addTags')}
          </Button>
          <Button disabled={!tagIds.length} loading={bulk.isPending} onClick={() => apply('remove')}>
            {t('removeTags')}
          </Button>
        </Flex>
      }
    />
  );
}
