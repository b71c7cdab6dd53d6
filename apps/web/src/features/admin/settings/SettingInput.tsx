import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DollarInput } from '../../../ui/DollarInput.tsx';
import { FilePicker } from '../../../ui/FilePicker.tsx';
import { ImagePicker } from '../../../ui/ImagePicker.tsx';
import { WorkspacePermissionChecklist } from '../../../ui/PermissionChecklist.tsx';
import { NullableNumberInput, wholeNumberRule } from '../NullableNumberInput.tsx';
import type { SettingField } from './setting-fields.ts';

const PDF = ['.pdf', 'application/pdf'] as const;

/** One setting as a labelled form control of its kind. */
export function SettingInput({ field }: { field: SettingField }) {
  const { t } = useTranslation();
  const label = t(`adminPages.settings.${field.label}`);
  const hint = field.hint ? t(`adminPages.settings.${field.hint}`) : undefined;
  const common = { name: field.key, label, extra: hint };
  switch (field.kind) {
    case 'secret':
      return (
        <Form.Item {...common} extra={hint ?? t('adminPages.settings.secretHint')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      );
    case 'number':
      return (
        <Form.Item {...common} rules={[wholeNumberRule(t('adminPages.workspaces.limitInvalid'))]}>
          <NullableNumberInput />
        </Form.Item>
      );
    case 'cents':
      return (
        <Form.Item {...common}>
          <DollarInput />
        </Form.Item>
      );
    case 'select':
      return (
        <Form.Item {...common}>
          <Select
            options={(field.options ?? []).map((option) => ({
              value: option.value,
              label: t(`adminPages.settings.${option.label}`),
            }))}
          />
        </Form.Item>
      );
    case 'switch':
      return (
        <Form.Item {...common} valuePropName="checked">
          <Switch />
        </Form.Item>
      );
    case 'image':
      return (
        <Form.Item {...common}>
          <ImagePicker aria-label={label} height={120} />
        </Form.Item>
      );
    case 'pdf':
      return (
        <Form.Item {...common}>
          <FilePicker aria-label={label} accept={PDF} />
        </Form.Item>
      );
    case 'workspace-permissions':
      return (
        <Form.Item {...common}>
          <WorkspacePermissionChecklist />
        </Form.Item>
      );
    default:
      return (
        <Form.Item {...common}>
          <Input autoComplete="off" />
        </Form.Item>
      );
  }
}
