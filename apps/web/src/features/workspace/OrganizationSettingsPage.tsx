import {
  COUNTRY_CODES,
  optOutKeywordsField,
  organizationNameField,
  timeZoneField,
  translate,
} from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Form, Input, Select, Skeleton, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { useSession } from '../../app/session/use-session.ts';
import { AvatarPicker, storedAvatar, type UploadedFile } from '../../ui/AvatarPicker.tsx';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryView } from '../../ui/QueryView.tsx';
import { RemoteSelect } from '../../ui/RemoteSelect.tsx';
import { DangerZoneCard } from './DangerZoneCard.tsx';
import { DefaultPermissionsCard } from './DefaultPermissionsCard.tsx';
import { getTimeZone, searchTimeZones } from './timezone-api.ts';
import { getCurrentWorkspace, useSaveCurrentWorkspace, workspaceSettingsKeys } from './workspace-settings-api.ts';
import './i18n/orgSettings.ts';

// the billing tab (plans, cards, invoices) loads when opened
const SubscriptionTab = lazy(async () => ({
  default: (await import('../billing/index.ts')).SubscriptionTab,
}));

interface SettingsValues {
  name: string;
  time_zone: string;
  default_country?: string | null;
  avatar?: UploadedFile | null;
  opt_out_keywords?: string[];
}

/** /app/organization/settings (owner or admin): name, time zone, avatar, default permissions, danger zone. */
export function OrganizationSettingsPage() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const countryNames = new Intl.DisplayNames([locale], { type: 'region' });
  const rules = useRules();
  const { workspaceId, member } = useSession();
  const [form] = Form.useForm<SettingsValues>();
  const save = useSaveCurrentWorkspace(workspaceId);
  const current = useQuery({ queryKey: workspaceSettingsKeys.current(workspaceId), queryFn: getCurrentWorkspace });
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'billing' ? 'billing' : 'general';

  const general = (
    <QueryView query={current} rows={3} avatar failed={translate('unknown_error', locale)}>
      {(workspace) => (
        <ApiForm
          key={workspace.id}
          form={form}
          name="organization-settings"
          submit={(values: SettingsValues) =>
            save.mutateAsync({
              name: values.name.trim(),
              time_zone: values.time_zone,
              default_country: values.default_country ?? null,
              avatar: values.avatar?.dataUrl ?? '',
              opt_out_keywords: optOutKeywordsField.parse(values.opt_out_keywords ?? []),
            })
          }
          initialValues={{
            name: workspace.name,
            time_zone: workspace.time_zone,
            default_country: workspace.default_country ?? undefined,
            avatar: storedAvatar(workspace.avatar),
            opt_out_keywords: workspace.opt_out_keywords,
          }}
          style={{ maxWidth: 560 }}
        >
          <Form.Item name="avatar" label={t('orgSettings.avatar')}>
            <AvatarPicker />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('orgSettings.name')}
            required
            rules={rules.zod(organizationNameField)}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input autoComplete="organization" />
          </Form.Item>
          <Form.Item name="time_zone" label={t('orgSettings.timeZone')} required rules={rules.zod(timeZoneField)}>
            <RemoteSelect
              search={searchTimeZones}
              getByValue={getTimeZone}
              placeholder={t('orgSettings.timeZonePlaceholder')}
            />
          </Form.Item>
          <Form.Item
            name="default_country"
            label={t('orgSettings.defaultCountry')}
            extra={t('orgSettings.defaultCountryHint')}
          >
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={COUNTRY_CODES.map((code) => ({
                value: code,
                label: `${countryNames.of(code) ?? code} (${code})`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="opt_out_keywords"
            label={t('orgSettings.optOutKeywords')}
            extra={t('orgSettings.optOutKeywordsHint')}
            rules={rules.zod(optOutKeywordsField)}
          >
            <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',']} />
          </Form.Item>
          <Flex justify="flex-end">
            <SubmitButton>{t('common.save')}</SubmitButton>
          </Flex>
        </ApiForm>
      )}
    </QueryView>
  );

  return (
    <>
      <PageHeader title={t('orgSettings.title')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(key === 'billing' ? { tab: key } : {}, { replace: true })}
        items={[
          {
            key: 'general',
            label: t('orgSettings.general'),
            children: (
              <>
                <Card title={t('orgSettings.general')}>{general}</Card>
                <DefaultPermissionsCard workspaceId={workspaceId} />
                <DangerZoneCard
                  name={current.data?.name ?? member?.workspace.name ?? ''}
                  isOwner={member?.role === 'owner'}
                />
              </>
            ),
          },
          {
            key: 'billing',
            label: t('orgSettings.subscription'),
            children: (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                <SubscriptionTab />
              </Suspense>
            ),
          },
        ]}
      />
    </>
  );
}
