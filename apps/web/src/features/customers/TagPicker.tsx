import { PlusOutlined } from '@ant-design/icons';
import { CUSTOMER_LIMITS } from '@omnichat/contracts';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberPermissions } from '../../app/queries.ts';
import { useSession } from '../../app/session/use-session.ts';
import { useCreateTag, useCustomerTags } from './customers-api.ts';
import { CUSTOMERS_NS } from './i18n/index.ts';

const CREATE = 'create-tag:';

/**
 * The customer form's tags: pick the organization's tags, or type a new name and choose "Create tag" (offered to
 * holders of customer_write, who may create tags): the tag is created and picked at once.
 */
export function TagPicker({
  value = [],
  onChange,
  id,
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation(CUSTOMERS_NS);
  const { workspaceId, isAdmin } = useSession();
  const permissions = useMemberPermissions().data ?? [];
  const mayCreate = isAdmin || permissions.includes('customer_write');
  const tags = useCustomerTags(workspaceId);
  const create = useCreateTag(workspaceId);
  const [search, setSearch] = useState('');
  const name = search.trim();
  const known = (tags.data ?? []).some((tag) => tag.name.toLowerCase() === name.toLowerCase());
  const offer = mayCreate && name !== '' && name.length <= CUSTOMER_LIMITS.tagNameMax && !known;

  const choose = async (next: string[]) => {
    const fresh = next.find((item) => item.startsWith(CREATE));
    const kept = next.filter((item) => !item.startsWith(CREATE));
    if (!fresh) return onChange?.(kept);
    setSearch('');
    try {
      const tag = await create.mutateAsync(fresh.slice(CREATE.length));
      onChange?.([...kept, tag.id]);
    } catch {
      // the HTTP client has shown why (a tag limit, a name taken meanwhile)
    }
  };

  return (
    <Select
      id={id}
      mode="multiple"
      loading={create.isPending}
      searchValue={search}
      onSearch={setSearch}
      value={value}
      onChange={(next) => void choose(next)}
      options={[
        ...(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name })),
        ...(offer
          ? [
              {
                value: `${CREATE}${name}`,
                label: (
                  <span>
                    <PlusOutlined aria-hidden /> {t('tagPicker.create', { name })}
                  </span>
                ),
                title: t('tagPicker.create', { name }),
              },
            ]
          : []),
      ]}
      filterOption={(input, option) =>
        String(option?.value).startsWith(CREATE) ||
        String(option?.label ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
      notFoundContent={mayCreate ? t('tagPicker.typeToCreate') : t('tagPicker.none')}
    />
  );
}
