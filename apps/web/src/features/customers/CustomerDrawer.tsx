import {
  COUNTRY_CODES,
  type CreateCustomerBody,
  type Customer,
  type CustomerField,
  createCustomerBodySchema,
  SALUTATIONS,
} from '@omnichat/contracts';
import { Button, DatePicker, Divider, Drawer, Flex, Form, Input, InputNumber, type InputRef, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { useSession } from '../../app/session/use-session.ts';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import { useOpeningFocus } from '../../ui/use-opening-focus.ts';
import { useCustomerFields, useCustomerTags, useSaveCustomer } from './customers-api.ts';
import { CUSTOMERS_NS } from './i18n/index.ts';

type Values = Omit<CreateCustomerBody, 'custom_fields'> & { custom_fields?: Record<string, unknown> };

const TEXT_FIELDS = [
  ['contact', ['company', 'email', 'phone']],
  ['channels', ['whatsapp_id', 'facebook_id', 'instagram_id']],
  ['address', ['address_line1', 'address_line2', 'city', 'state', 'zip']],
] as const;

/** A custom field's input by its type; dates travel as YYYY-MM-DD. */
function CustomInput({
  field,
  ...props
}: {
  field: CustomerField;
  value?: unknown;
  onChange?: (value: unknown) => void;
}) {
  const { t } = useTranslation(CUSTOMERS_NS);
  const { value, onChange } = props;
  switch (field.type) {
    case 'number':
      return <InputNumber style={{ width: '100%' }} value={value as number} onChange={onChange} />;
    case 'date':
      return (
        <DatePicker
          style={{ width: '100%' }}
          value={value ? dayjs(String(value)) : null}
          onChange={(day) => onChange?.(day ? day.format('YYYY-MM-DD') : null)}
        />
      );
    case 'boolean':
      return (
        <Select
          allowClear
          value={value as boolean | undefined}
          onChange={onChange}
          options={[
            { value: true, label: t('yes') },
            { value: false, label: t('no') },
          ]}
        />
      );
    case 'single_select':
    case 'multi_select':
      return (
        <Select
          allowClear
          mode={field.type === 'multi_select' ? 'multiple' : undefined}
          value={value as string}
          onChange={onChange}
          options={field.options.map((option) => ({ value: option, label: option }))}
        />
      );
    default:
      return <Input value={value as string} onChange={(event) => onChange?.(event.target.value)} />;
  }
}

/** Create (`'new'`) or edit a customer in a drawer: names, contact, channels, address, tags and custom fields. */
export function CustomerDrawer({ customer, onClose }: { customer: Customer | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation(CUSTOMERS_NS);
  const { locale } = usePreferences();
  const rules = useRules();
  const opening = useOpeningFocus<InputRef>();
  const { workspaceId, member } = useSession();
  const [form] = Form.useForm<Values>();
  const save = useSaveCustomer();
  const tags = useCustomerTags(workspaceId);
  const fields = useCustomerFields(workspaceId);
  const editing = customer && customer !== 'new' ? customer : null;
  const countryNames = new Intl.DisplayNames([locale], { type: 'region' });
  const country = member?.workspace.default_country;
  const shape = createCustomerBodySchema.shape;

  return (
    <Drawer
      open={customer !== null}
      onClose={onClose}
      title={editing ? t('editTitle', { name: editing.display_name }) : t('createTitle')}
      size="min(560px, 100vw)"
      destroyOnHidden
      afterOpenChange={opening.afterOpenChange}
    >
      <ApiForm<Values>
        form={form}
        name="customer"
        initialValues={
          editing
            ? { ...editing, tag_ids: editing.tags.map((tag) => tag.id), custom_fields: editing.custom_fields }
            : { tag_ids: [] }
        }
        submit={({ custom_fields, ...values }) =>
          save.mutateAsync({
            id: editing?.id,
            body: { ...values, custom_fields: custom_fields as CreateCustomerBody['custom_fields'] },
          })
        }
        onDone={onClose}
        requiredMark
      >
        <Flex gap={8}>
          <Form.Item name="salutation" label={t('fields.salutation')} style={{ width: 110 }}>
            <Select allowClear options={SALUTATIONS.map((value) => ({ value, label: t(`salutations.${value}`) }))} />
          </Form.Item>
          <Form.Item
            name="first_name"
            label={t('fields.first_name')}
            required
            rules={rules.zod(shape.first_name)}
            style={{ flex: 1 }}
          >
            <Input ref={opening.field} autoFocus autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="last_name"
            label={t('fields.last_name')}
            required
            rules={rules.zod(shape.last_name)}
            style={{ flex: 1 }}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Flex>
        <Form.Item
          name="display_name"
          label={t('fields.display_name')}
          extra={t('fields.display_name_hint')}
          rules={rules.zod(shape.display_name)}
        >
          <Input autoComplete="off" />
        </Form.Item>
        {TEXT_FIELDS.map(([section, names]) => (
          <div key={section}>
            <Divider titlePlacement="start">{t(`sections.${section}`)}</Divider>
            {names.map((name) => (
              <Form.Item
                key={name}
                name={name}
                label={t(`fields.${name}`)}
                extra={
                  name === 'phone' && country
                    ? t('fields.phone_hint', { country: countryNames.of(country) })
                    : undefined
                }
                rules={rules.zod(shape[name])}
              >
                <Input type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'} autoComplete="off" />
              </Form.Item>
            ))}
          </div>
        ))}
        <Form.Item name="country" label={t('fields.country')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={COUNTRY_CODES.map((code) => ({
              value: code,
              label: `${countryNames.of(code) ?? code} (${code})`,
            }))}
          />
        </Form.Item>
        <Form.Item name="tag_ids" label={t('fields.tags')}>
          <Select
            mode="multiple"
            options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item name="note" label={t('fields.note')} rules={rules.zod(shape.note)}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        {(fields.data ?? []).length > 0 && <Divider titlePlacement="start">{t('sections.more')}</Divider>}
        {(fields.data ?? []).map((field) => (
          <Form.Item
            key={field.id}
            name={['custom_fields', field.key]}
            label={field.labels[locale] || field.label}
            required={field.required}
          >
            <CustomInput field={field} />
          </Form.Item>
        ))}
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={onClose}>{t('common.cancel', { ns: 'translation' })}</Button>
          <SubmitButton>
            {editing ? t('common.save', { ns: 'translation' }) : t('common.create', { ns: 'translation' })}
          </SubmitButton>
        </Flex>
      </ApiForm>
    </Drawer>
  );
}
