import { DeleteOutlined } from '@ant-design/icons';
import {
  CUSTOMER_FIELD_TYPES,
  type CustomerField,
  customerFieldBodySchema,
  customerFieldEndpoints,
  customerTagBodySchema,
  customerTagEndpoints,
  TAG_COLORS,
} from '@omnichat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Drawer, Flex, Form, Input, List, Select, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../app/http/index.ts';
import { useSession } from '../../app/session/use-session.ts';
import { ColorTag } from '../../ui/ColorTag.tsx';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import { QueryView } from '../../ui/QueryView.tsx';
import { customerKeys, useCustomerFields, useCustomerTags } from './customers-api.ts';
import { CUSTOMERS_NS } from './i18n/index.ts';

type Removing = { kind: 'tag' | 'field'; id: string; name: string } | null;

/** The organization's customer tags (name, colour, how many carry each) and custom fields, to add and delete. */
export function FieldsAndTagsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(CUSTOMERS_NS);
  const { workspaceId } = useSession();
  const queryClient = useQueryClient();
  const tags = useCustomerTags(workspaceId);
  const fields = useCustomerFields(workspaceId);
  const [removing, setRemoving] = useState<Removing>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: customerKeys.tags(workspaceId) }),
      queryClient.invalidateQueries({ queryKey: customerKeys.fields(workspaceId) }),
      queryClient.invalidateQueries({ queryKey: customerKeys.all }),
    ]);
  const recolour = useMutation({
    mutationFn: ({ id, color }: { id: string; color: string }) =>
      http.call(customerTagEndpoints.update, { params: { id }, body: { color } }),
    onSuccess: refresh,
  });

  return (
    <Drawer open={open} onClose={onClose} title={t('manage.title')} size="min(560px, 100vw)">
      <Tabs
        items={[
          {
            key: 'tags',
            label: t('columns.tags'),
            children: (
              <>
                <NewTagForm onDone={refresh} />
                <QueryView query={tags} rows={3}>
                  {(list) => (
                    <List
                      aria-label={t('columns.tags')}
                      dataSource={list}
                      locale={{ emptyText: t('manage.noTags') }}
                      renderItem={(tag) => (
                        <List.Item
                          actions={[
                            <Button
                              key="delete"
                              type="text"
                              danger
                              icon={<DeleteOutlined aria-hidden />}
                              aria-label={t('manage.deleteNamed', { name: tag.name })}
                              onClick={() => setRemoving({ kind: 'tag', id: tag.id, name: tag.name })}
                            />,
                          ]}
                        >
                          <Flex gap={8} align="center">
                            <Select
                              size="small"
                              value={tag.color}
                              aria-label={t('manage.colourOf', { name: tag.name })}
                              style={{ width: 64 }}
                              onChange={(color) => recolour.mutate({ id: tag.id, color })}
                              options={[...new Set([tag.color, ...TAG_COLORS])].map((color) => ({
                                value: color,
                                label: (
                                  <span
                                    style={{
                                      display: 'inline-block',
                                      width: 14,
                                      height: 14,
                                      borderRadius: 3,
                                      background: color,
                                    }}
                                  />
                                ),
                              }))}
                            />
                            <ColorTag color={tag.color}>{tag.name}</ColorTag>
                            <Typography.Text type="secondary">
                              {t('manage.count', { count: tag.customer_count })}
                            </Typography.Text>
                          </Flex>
                        </List.Item>
                      )}
                    />
                  )}
                </QueryView>
              </>
            ),
          },
          {
            key: 'fields',
            label: t('sections.more'),
            children: (
              <>
                <NewFieldForm onDone={refresh} />
                <QueryView query={fields} rows={3}>
                  {(list) => (
                    <List
                      aria-label={t('sections.more')}
                      dataSource={list}
                      locale={{ emptyText: t('manage.noFields') }}
                      renderItem={(field: CustomerField) => (
                        <List.Item
                          actions={[
                            <Button
                              key="delete"
                              type="text"
                              danger
                              icon={<DeleteOutlined aria-hidden />}
                              aria-label={t('manage.deleteNamed', { name: field.label })}
                              onClick={() => setRemoving({ kind: 'field', id: field.id, name: field.label })}
                            />,
                          ]}
                        >
                          <List.Item.Meta
                            title={`${field.label}${field.required ? ' *' : ''}`}
                            description={`${field.key} · ${t(`manage.types.${field.type}`)}${field.options.length ? ` · ${field.options.join(', ')}` : ''}`}
                          />
                        </List.Item>
                      )}
                    />
                  )}
                </QueryView>
              </>
            ),
          },
        ]}
      />
      <DeleteDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('manage.deleteNamed', { name: removing?.name ?? '' })}
        message={removing?.kind === 'field' ? t('manage.deleteFieldText') : t('manage.deleteTagText')}
        confirmText={t('delete')}
        onConfirm={async () => {
          if (!removing) return;
          if (removing.kind === 'tag') await http.call(customerTagEndpoints.remove, { params: { id: removing.id } });
          else await http.call(customerFieldEndpoints.remove, { params: { id: removing.id } });
          await refresh();
        }}
      />
    </Drawer>
  );
}

function NewTagForm({ onDone }: { onDone: () => unknown }) {
  const { t } = useTranslation(CUSTOMERS_NS);
  const rules = useRules();
  const [form] = Form.useForm<{ name: string }>();
  return (
    <ApiForm
      form={form}
      name="new-tag"
      layout="inline"
      submit={(body) => http.call(customerTagEndpoints.create, { body })}
      onDone={async () => {
        form.resetFields();
        await onDone();
      }}
      style={{ marginBottom: 12 }}
    >
      <Form.Item name="name" label={t('manage.tagName')} rules={rules.zod(customerTagBodySchema.shape.name)}>
        <Input autoComplete="off" />
      </Form.Item>
      <SubmitButton>{t('manage.addTag')}</SubmitButton>
    </ApiForm>
  );
}

interface FieldValues {
  key: string;
  type: CustomerField['type'];
  label: string;
  options?: string[];
  required?: boolean;
}

function NewFieldForm({ onDone }: { onDone: () => unknown }) {
  const { t } = useTranslation(CUSTOMERS_NS);
  const rules = useRules();
  const [form] = Form.useForm<FieldValues>();
  const type = Form.useWatch('type', form);
  const shape = customerFieldBodySchema.shape;
  return (
    <ApiForm
      form={form}
      name="new-field"
      initialValues={{ type: 'text', required: false, options: [] }}
      submit={(values) => http.call(customerFieldEndpoints.create, { body: values })}
      onDone={async () => {
        form.resetFields();
        await onDone();
      }}
      style={{ marginBottom: 12 }}
    >
      <Flex gap={8} wrap>
        <Form.Item
          name="label"
          label={t('manage.fieldLabel')}
          rules={rules.zod(shape.label)}
          style={{ flex: '1 1 160px' }}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="key"
          label={t('manage.fieldKey')}
          rules={rules.zod(shape.key)}
          extra={t('manage.fieldKeyHint')}
          style={{ flex: '1 1 160px' }}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="type" label={t('manage.fieldType')} style={{ flex: '1 1 140px' }}>
          <Select options={CUSTOMER_FIELD_TYPES.map((value) => ({ value, label: t(`manage.types.${value}`) }))} />
        </Form.Item>
      </Flex>
      {type?.endsWith('_select') && (
        <Form.Item name="options" label={t('manage.fieldOptions')} extra={t('manage.fieldOptionsHint')}>
          <Select mode="tags" open={false} aria-label={t('manage.fieldOptions')} />
        </Form.Item>
      )}
      <Flex justify="space-between" align="center">
        <Form.Item name="required" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox>{t('manage.fieldRequired')}</Checkbox>
        </Form.Item>
        <SubmitButton>{t('manage.addField')}</SubmitButton>
      </Flex>
    </ApiForm>
  );
}
