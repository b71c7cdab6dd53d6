import {
  COUNTRY_CODES,
  type CreateCustomerBody,
  type Customer,
  type CustomerField,
  createCustomerBodySchema,
  SALUTATIONS,
} from '@omnichat/contracts';
import {
  Alert,
  Button,
  DatePicker,
  Divider,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  type InputRef,
  Select,
  Switch,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../app/http/index.ts';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { useSession } from '../../app/session/use-session.ts';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import { useOpeningFocus } from '../../ui/use-opening-focus.ts';
import { useCustomerFields, useSaveCustomer } from './customers-api.ts';
import { CUSTOMERS_NS } from './i18n/index.ts';
import { TagPicker } from './TagPicker.tsx';

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

/** The customer that already holds an e-mail, phone or channel id, from a 409's `details.existing`. */
function existingOf(error: Error): Existing | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const existing = error.details?.existing as { id?: unknown; display_name?: unknown } | undefined;
  return typeof existing?.id === 'string'
    ? { id: existing.id, name: String(existing.display_name ?? ''), sentence: error.message }
    : null;
}
type Existing = { id: string; name: string; sentence: string };

/** Create (`'new'`) or edit a customer in a drawer: names, contact, channels, address, tags and custom fields. */
export function CustomerDrawer({ customer, onClose }: { customer: Customer | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation(CUSTOMERS_NS);
  const opening = useOpeningFocus<InputRef>();
  const editing = customer && customer !== 'new' ? customer : null;
  return (
    <Drawer
      open={customer !== null}
      onClose={onClose}
      title={editing ? t('editTitle', { name: editing.display_name }) : t('createTitle')}
      size="min(560px, 100vw)"
      destroyOnHidden
      afterOpenChange={opening.afterOpenChange}
    >
      {/* a form of its own each time it opens: what was typed and cancelled never comes back */}
      {customer !== null && (
        <CustomerForm key={editing?.id ?? 'new'} editing={editing} onClose={onClose} firstField={opening.field} />
      )}
    </Drawer>
  );
}

function CustomerForm({
  editing,
  onClose,
  firstField,
}: {
  editing: Customer | null;
  onClose: () => void;
  firstField: React.Ref<InputRef>;
}) {
  const { t } = useTranslation(CUSTOMERS_NS);
  const { locale } = usePreferences();
  const rules = useRules();
  const { workspaceId, member } = useSession();
  const [form] = Form.useForm<Values>();
  const save = useSaveCustomer();
  const fields = useCustomerFields(workspaceId);
  const [existing, setExisting] = useState<Existing | null>(null);
  const countryNames = new Intl.DisplayNames([locale], { type: 'region' });
  const country = member?.workspace.default_country;
  const shape = createCustomerBodySchema.shape;

  return (
    <ApiForm<Values>
      form={form}
      name="customer"
      scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
      initialValues={
        editing
          ? { ...editing, tag_ids: editing.tags.map((tag) => tag.id), custom_fields: editing.custom_fields }
          : { tag_ids: [], marketing_opt_out: false }
      }
      submit={({ custom_fields, ...values }) => {
        setExisting(null);
        return save.mutateAsync({
          id: editing?.id,
          body: { ...values, custom_fields: custom_fields as CreateCustomerBody['custom_fields'] },
        });
      }}
      onFailed={(error) => {
        setExisting(existingOf(error));
        // the server's field error may be scrolled out of view, like a rule's
        const first = form.getFieldsError().find((field) => field.errors.length > 0);
        if (first) form.scrollToField(first.name, { behavior: 'smooth', block: 'center' });
      }}
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
          <Input ref={firstField} autoFocus autoComplete="off" />
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
                name === 'phone' && country ? t('fields.phone_hint', { country: countryNames.of(country) }) : undefined
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
      <Form.Item name="tag_ids" label={t('fields.tags')} extra={t('tagPicker.hint')}>
        <TagPicker />
      </Form.Item>
      <Form.Item name="note" label={t('fields.note')} rules={rules.zod(shape.note)}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item
        name="marketing_opt_out"
        label={t('fields.marketing_opt_out')}
        valuePropName="checked"
        extra={t('marketingOptOutHint')}
      >
        <Switch />
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
      {existing && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={existing.sentence}
          description={
            <Link to={`/app/relationship/customers/${existing.id}`} onClick={onClose}>
              {t('openExisting', { name: existing.name })}
            </Link>
          }
        />
      )}
      <Flex justify="flex-end" gap={8} wrap>
        <Button onClick={onClose}>{t('common.cancel', { ns: 'translation' })}</Button>
        <SubmitButton>
          {editing ? t('common.save', { ns: 'translation' }) : t('common.create', { ns: 'translation' })}
        </SubmitButton>
      </Flex>
    </ApiForm>
  );
}
