import { Badge, Button, Flex, Form, Popover, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { useSession } from '../../app/session/use-session.ts';
import type { CustomerFilters } from './customers-api.ts';
import { useCustomerFields } from './customers-api.ts';
import { CUSTOMERS_NS } from './i18n/index.ts';

/** Filters on the custom fields with a fixed set of values (selects and yes/no): any of the chosen values. */
export function FieldFilters({
  value,
  onChange,
}: {
  value: CustomerFilters['custom'];
  onChange: (value: CustomerFilters['custom']) => void;
}) {
  const { t } = useTranslation(CUSTOMERS_NS);
  const { locale } = usePreferences();
  const { workspaceId } = useSession();
  const fields = (useCustomerFields(workspaceId).data ?? []).filter(
    (field) => field.type.endsWith('_select') || field.type === 'boolean',
  );
  if (!fields.length) return null;
  const active = Object.values(value).filter((values) => values.length).length;
  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      content={
        <Form layout="vertical" style={{ width: 260 }}>
          {fields.map((field) => (
            <Form.Item key={field.key} label={field.labels[locale] || field.label} style={{ marginBottom: 12 }}>
              <Select<(string | boolean)[], { value: string | boolean; label: string }>
                mode="multiple"
                allowClear
                aria-label={field.labels[locale] || field.label}
                value={value[field.key] ?? []}
                onChange={(chosen) => onChange({ ...value, [field.key]: chosen })}
                options={
                  field.type === 'boolean'
                    ? [
                        { value: true, label: t('yes') },
                        { value: false, label: t('no') },
                      ]
                    : field.options.map((option) => ({ value: option, label: option }))
                }
              />
            </Form.Item>
          ))}
          <Flex justify="flex-end">
            <Button size="small" disabled={!active} onClick={() => onChange({})}>
              {t('clearFilters')}
            </Button>
          </Flex>
        </Form>
      }
    >
      <Badge count={active} size="small">
        <Button>{t('fieldFilters')}</Button>
      </Badge>
    </Popover>
  );
}
