import { organizationNameField, timeZoneField, translate } from '@omnichat/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Result, Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/http/index.ts';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { queryKeys } from '../../app/queries.ts';
import { useSession } from '../../app/session/use-session.ts';
import { toast } from '../../app/toast/toast-store.ts';
import { AvatarPicker, type UploadedFile } from '../../ui/AvatarPicker.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RemoteSelect } from '../../ui/RemoteSelect.tsx';
import { zodRule } from '../../ui/zod-rule.ts';
import { DangerZoneCard } from './DangerZoneCard.tsx';
import { DefaultPermissionsCard } from './DefaultPermissionsCard.tsx';
import { getTimeZone, searchTimeZones } from './timezone-api.ts';
import {
  getCurrentWorkspace,
  storeWorkspaceSummary,
  updateCurrentWorkspace,
  workspaceSettingsKeys,
} from './workspace-settings-api.ts';

interface SettingsValues {
  name: string;
  time_zone: string;
  avatar?: UploadedFile | null;
}

/** /app/organization/settings (owner or admin): name, time zone, avatar, default permissions, danger zone. */
export function OrganizationSettingsPage() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const queryClient = useQueryClient();
  const { workspaceId, member } = useSession();
  const [form] = Form.useForm<SettingsValues>();
  const [saving, setSaving] = useState(false);
  const current = useQuery({ queryKey: workspaceSettingsKeys.current(workspaceId), queryFn: getCurrentWorkspace });

  const submit = async (values: SettingsValues) => {
    setSaving(true);
    try {
      const saved = await updateCurrentWorkspace({
        name: values.name.trim(),
        time_zone: values.time_zone,
        avatar: values.avatar?.dataUrl ?? '',
      });
      toast.success(translate('save_success', locale));
      storeWorkspaceSummary(saved);
      queryClient.setQueryData(workspaceSettingsKeys.current(workspaceId), saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.selfWorkspaces });
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        form.setFields(
          Object.entries(error.fields).map(([name, message]) => ({
            name: name as keyof SettingsValues,
            errors: [message],
          })),
        );
      }
    } finally {
      setSaving(false);
    }
  };

  const workspace = current.data;
  let general: ReactNode;
  if (current.isPending) general = <Skeleton active avatar paragraph={{ rows: 3 }} />;
  else if (current.isError)
    general = (
      <Result
        status="error"
        title={translate('unknown_error', locale)}
        extra={<Button onClick={() => void current.refetch()}>{t('common.retry')}</Button>}
      />
    );
  else
    general = (
      <Form<SettingsValues>
        key={workspace?.id}
        form={form}
        layout="vertical"
        name="organization-settings"
        noValidate
        initialValues={{
          name: workspace?.name,
          time_zone: workspace?.time_zone,
          avatar: workspace?.avatar ? { dataUrl: workspace.avatar, filename: 'avatar' } : undefined,
        }}
        onFinish={submit}
        onFinishFailed={({ errorFields }) => console.warn('organization settings: invalid fields', errorFields)}
        disabled={saving}
        style={{ maxWidth: 560 }}
      >
        <Form.Item name="avatar" label={t('orgSettings.avatar')}>
          <AvatarPicker />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('orgSettings.name')}
          required
          rules={[zodRule(organizationNameField, locale)]}
          validateTrigger={['onChange', 'onBlur']}
        >
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item name="time_zone" label={t('orgSettings.timeZone')} required rules={[zodRule(timeZoneField, locale)]}>
          <RemoteSelect
            search={searchTimeZones}
            getByValue={getTimeZone}
            placeholder={t('orgSettings.timeZonePlaceholder')}
          />
        </Form.Item>
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </Flex>
      </Form>
    );

  return (
    <>
      <PageHeader title={t('orgSettings.title')} />
      <Card title={t('orgSettings.general')}>{general}</Card>
      <DefaultPermissionsCard workspaceId={workspaceId} />
      <DangerZoneCard name={workspace?.name ?? member?.workspace.name ?? ''} isOwner={member?.role === 'owner'} />
    </>
  );
}
