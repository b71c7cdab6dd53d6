import { CUSTOMER_VARIABLES } from '@omnichat/contracts';
import { Button, Dropdown, Flex, Input, InputNumber, Select } from 'antd';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../app/session/use-session.ts';
import { type OptionSource, useOptions } from '../options-api.ts';

/** A labelled setting: the label names its control (`htmlFor`), for the keyboard and screen readers. */
export function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <Flex vertical gap={4}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </Flex>
  );
}

/** A select of the organization's channels, tags, teams, members, templates or e-mail templates. */
export function OptionSelect({
  id,
  source,
  value,
  onChange,
  multiple,
}: {
  id: string;
  source: OptionSource;
  value: unknown;
  onChange: (value: unknown) => void;
  multiple?: boolean;
}) {
  const { workspaceId } = useSession();
  const { t } = useTranslation();
  const options = useOptions(workspaceId, source);
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={options.isPending}
      options={options.data ?? []}
      value={(value as string | string[] | null | undefined) ?? undefined}
      onChange={(next) => onChange(next ?? (multiple ? [] : undefined))}
      placeholder={t('workflows.settings.choose')}
      style={{ width: '100%' }}
    />
  );
}

/** Variables a text may name; the node ids of earlier steps add `steps.<id>.…`. */
export const variableNames = (nodeIds: string[]) => [
  ...CUSTOMER_VARIABLES,
  'message.text',
  'webhook.body',
  ...nodeIds.map((id) => `steps.${id}.body`),
];

/** A text with a menu that inserts a variable (`{{customer.first_name}}`) at its end. */
export function VariableText({
  id,
  value,
  onChange,
  nodeIds,
  rows = 4,
}: {
  id: string;
  value: unknown;
  onChange: (value: string) => void;
  nodeIds: string[];
  rows?: number;
}) {
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : '';
  return (
    <Flex vertical gap={4}>
      <Input.TextArea id={id} rows={rows} value={text} onChange={(event) => onChange(event.target.value)} />
      <Dropdown
        trigger={['click']}
        menu={{
          items: variableNames(nodeIds).map((name) => ({ key: name, label: name })),
          onClick: ({ key }) => onChange(`${text}{{${key}}}`),
        }}
      >
        <Button size="small" style={{ alignSelf: 'flex-start' }}>
          {t('workflows.settings.insertVariable')}
        </Button>
      </Dropdown>
    </Flex>
  );
}

/** A duration in seconds, with its reading in hours beside it. */
export function SecondsInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: unknown;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation();
  const seconds = typeof value === 'number' ? value : undefined;
  return (
    <Flex gap={8} align="center">
      <InputNumber id={id} min={1} value={seconds} onChange={(next) => onChange(Number(next ?? 0))} />
      {seconds !== undefined && <span>{t('workflows.seconds', { count: seconds })}</span>}
    </Flex>
  );
}
