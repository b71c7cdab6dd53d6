import { CloseOutlined } from '@ant-design/icons';
import type { CustomerField } from '@omnichat/contracts';
import { Button, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { useSession } from '../../app/session/use-session.ts';
import { useCustomerFields } from '../customers/index.ts';

/** A custom field and the values a customer may hold in it (any of them); a yes/no field holds one. */
export interface FieldPick {
  key: string;
  type: CustomerField['type'];
  /** as picked or typed; a yes/no as 'true' or 'false' */
  values: string[];
}

/** The audience's custom field part as the contract reads it: numbers as numbers, a yes/no as one boolean. */
export function customFieldsOf(picks: FieldPick[]) {
  const entries: [string, boolean | (string | number)[]][] = [];
  for (const { key, type, values } of picks) {
    if (type === 'boolean') {
      if (values.length) entries.push([key, values[0] === 'true']);
      continue;
    }
    const typed = values
      .map((value) => (type === 'number' ? Number(value) : value.trim()))
      .filter((value) => value !== '' && !Number.isNaN(value));
    if (typed.length) entries.push([key, typed]);
  }
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** Picks custom fields one by one, each with the values to match: its options, yes/no, or typed values. */
export function CustomFieldFilters({
  value,
  onChange,
}: {
  value: FieldPick[];
  onChange: (value: FieldPick[]) => void;
}) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { workspaceId } = useSession();
  const fields = useCustomerFields(workspaceId).data ?? [];
  const labelOf = (field: CustomerField) => field.labels[locale] || field.label;
  const set = (key: string, values: FieldPick['values']) =>
    onChange(value.map((pick) => (pick.key === key ? { ...pick, values } : pick)));
  const free = fields.filter((field) => !value.some((pick) => pick.key === field.key));

  if (!fields.length) return <Typography.Text type="secondary">{t('broadcasts.customFields.none')}</Typography.Text>;
  return (
    <Flex vertical gap={8}>
      {value.map((pick) => {
        const field = fields.find((item) => item.key === pick.key);
        if (!field) return null;
        const name = labelOf(field);
        const common = {
          'aria-label': t('broadcasts.customFields.values', { field: name }),
          style: { flex: '1 1 180px', minWidth: 0 },
        };
        return (
          <Flex key={pick.key} gap={8} wrap align="center">
            <Typography.Text style={{ flex: '0 1 140px' }}>{name}</Typography.Text>
            {field.type === 'boolean' ? (
              <Select<string>
                {...common}
                placeholder={t('broadcasts.customFields.choose')}
                value={pick.values[0]}
                onChange={(chosen) => set(pick.key, [chosen])}
                options={[
                  { value: 'true', label: t('broadcasts.customFields.yes') },
                  { value: 'false', label: t('broadcasts.customFields.no') },
                ]}
              />
            ) : (
              <Select<string[]>
                {...common}
                mode={field.type.endsWith('_select') ? 'multiple' : 'tags'}
                placeholder={t(`broadcasts.customFields.${field.type.endsWith('_select') ? 'choose' : 'type'}`)}
                value={pick.values}
                onChange={(chosen) => set(pick.key, chosen)}
                options={field.options.map((option) => ({ value: option, label: option }))}
              />
            )}
            <Button
              type="text"
              icon={<CloseOutlined aria-hidden />}
              aria-label={t('broadcasts.customFields.remove', { field: name })}
              onClick={() => onChange(value.filter((item) => item.key !== pick.key))}
            />
          </Flex>
        );
      })}
      {free.length > 0 && (
        <Select<string>
          // a new select after each pick: it offers the next field, empty again
          key={value.map((pick) => pick.key).join()}
          aria-label={t('broadcasts.customFields.add')}
          placeholder={t('broadcasts.customFields.add')}
          showSearch
          optionFilterProp="label"
          onChange={(key) =>
            onChange([...value, { key, type: fields.find((field) => field.key === key)!.type, values: [] }])
          }
          options={free.map((field) => ({ value: field.key, label: labelOf(field) }))}
        />
      )}
    </Flex>
  );
}
