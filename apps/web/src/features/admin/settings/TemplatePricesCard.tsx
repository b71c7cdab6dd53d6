import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  COUNTRY_CODES,
  DEFAULT_PRICE_COUNTRY,
  TEMPLATE_CATEGORIES,
  type TemplatePriceRow,
  templatePriceRowSchema,
  translate,
} from '@omnichat/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, type FormRule, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/http/index.ts';
import { usePreferences } from '../../../app/preferences/preferences.tsx';
import { DollarInput } from '../../../ui/DollarInput.tsx';
import { ApiForm, SubmitButton } from '../../../ui/form/ApiForm.tsx';
import { useRules } from '../../../ui/form/use-rules.ts';
import { QueryView } from '../../../ui/QueryView.tsx';
import { getTemplatePrices, putTemplatePrices, templatePricesKey } from '../admin-api.ts';

type Row = { category?: TemplatePriceRow['category']; country?: string; price_cents?: number };
type Values = { rows: Row[] };

const CATEGORY_LABELS = {
  marketing: 'categoryMarketing',
  utility: 'categoryUtility',
  transactional: 'categoryTransactional',
} as const;

/** The row's field names of a server path such as `rows.2.country`; null for anything else. */
function rowField(path: string): [string, number, string] | null {
  const match = /^rows\.(\d+)\.(category|country|price_cents)$/.exec(path);
  return match ? ['rows', Number(match[1]), match[2]!] : null;
}

/** /admin/settings/omnichannel: the price of a template message by category and the recipient's country. */
export function TemplatePricesCard() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const rules = useRules();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: templatePricesKey, queryFn: getTemplatePrices });
  const [form] = Form.useForm<Values>();
  const [version, setVersion] = useState(0);
  const label = (key: string) => t(`adminPages.settings.${key}`);

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const named = COUNTRY_CODES.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }));
    named.sort((a, b) => a.label.localeCompare(b.label, locale));
    return [{ value: DEFAULT_PRICE_COUNTRY, label: t('adminPages.settings.priceOtherCountries') }, ...named];
  }, [locale, t]);
  const categories = TEMPLATE_CATEGORIES.map((value) => ({ value, label: label(CATEGORY_LABELS[value]) }));

  /** A category has one price per country: the later of two equal rows is marked. */
  const unique =
    (index: number): FormRule =>
    ({ getFieldValue }) => ({
      validator: async () => {
        const rows = (getFieldValue('rows') ?? []) as Row[];
        const row = rows[index];
        if (!row?.category || !row.country) return;
        const twin = rows.findIndex((other) => other?.category === row.category && other.country === row.country);
        if (twin < index) throw new Error(translate('price_row_duplicate', locale));
      },
    });

  return (
    <Card title={label('pricesTitle')}>
      <Typography.Paragraph type="secondary">{label('pricesHint')}</Typography.Paragraph>
      <QueryView query={query} rows={3} failed={t('adminPages.settings.loadFailed')}>
        {(data) => (
          <ApiForm<Values, { rows: TemplatePriceRow[] }>
            key={version}
            form={form}
            name="template-prices"
            initialValues={{ rows: data.rows }}
            submit={({ rows }) => putTemplatePrices((rows ?? []) as TemplatePriceRow[])}
            onDone={(saved) => {
              queryClient.setQueryData(templatePricesKey, saved);
              setVersion((current) => current + 1);
            }}
            onFailed={(error) => {
              if (!(error instanceof ApiError) || !error.fields) return;
              const placed = Object.entries(error.fields).flatMap(([path, message]) => {
                const name = rowField(path);
                return name ? [{ name, errors: [message] }] : [];
              });
              if (placed.length) form.setFields([{ name: 'rows', errors: [] }, ...placed] as never);
            }}
          >
            <Form.List name="rows">
              {(rows, { add, remove }, { errors }) => (
                <Flex vertical gap={8}>
                  {rows.length === 0 && <Typography.Text type="secondary">{label('pricesEmpty')}</Typography.Text>}
                  {rows.map((row) => (
                    <Flex key={row.key} gap={8} wrap align="flex-start" data-testid="price-row">
                      <Form.Item
                        name={[row.name, 'category']}
                        label={label('priceCategory')}
                        rules={rules.zod(templatePriceRowSchema.shape.category)}
                        style={{ flex: '1 1 140px', marginBottom: 8 }}
                      >
                        <Select options={categories} />
                      </Form.Item>
                      <Form.Item
                        name={[row.name, 'country']}
                        label={label('priceCountry')}
                        dependencies={[['rows']]}
                        rules={[...rules.zod(templatePriceRowSchema.shape.country), unique(row.name)]}
                        style={{ flex: '2 1 200px', marginBottom: 8 }}
                      >
                        <Select showSearch={{ optionFilterProp: 'label' }} options={countries} />
                      </Form.Item>
                      <Form.Item
                        name={[row.name, 'price_cents']}
                        label={label('price')}
                        rules={rules.zod(templatePriceRowSchema.shape.price_cents)}
                        style={{ flex: '1 1 120px', marginBottom: 8 }}
                      >
                        <DollarInput />
                      </Form.Item>
                      <Form.Item label=" " colon={false} style={{ marginBottom: 8 }}>
                        <Button
                          icon={<DeleteOutlined />}
                          aria-label={label('priceRemoveRow')}
                          title={label('priceRemoveRow')}
                          onClick={() => remove(row.name)}
                        />
                      </Form.Item>
                    </Flex>
                  ))}
                  <Form.ErrorList errors={errors} />
                  <Flex justify="space-between" gap={8} wrap>
                    <Button
                      icon={<PlusOutlined />}
                      onClick={() => add({ category: 'marketing', country: undefined, price_cents: 0 })}
                    >
                      {label('priceAddRow')}
                    </Button>
                    <SubmitButton>{label('pricesSave')}</SubmitButton>
                  </Flex>
                </Flex>
              )}
            </Form.List>
          </ApiForm>
        )}
      </QueryView>
    </Card>
  );
}
