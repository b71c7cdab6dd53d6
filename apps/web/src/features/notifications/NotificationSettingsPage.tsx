import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationPreferences,
  notificationPreferenceEndpoints,
} from '@omnichat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Radio, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../app/http/index.ts';
import { useSession } from '../../app/session/use-session.ts';
import { toast } from '../../app/toast/toast-store.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryView } from '../../ui/QueryView.tsx';
import { NOTIFICATIONS_NS } from './i18n/index.ts';
import { PushToggle } from './PushToggle.tsx';

type TypeChoice = NotificationPreferences['types'][number];
const preferencesKey = (workspaceId: string | null) => ['notification-preferences', workspaceId] as const;

/** Every type in the contract's order; one the server left out gets every channel on. */
const complete = (preferences: NotificationPreferences): NotificationPreferences => ({
  email_mode: preferences.email_mode,
  types: NOTIFICATION_TYPES.map(
    (type) =>
      preferences.types.find((choice) => choice.type === type) ?? { type, in_app: true, email: true, push: true },
  ),
});

/** /app/notification-settings: which notifications reach the member by which channel, e-mail mode, browser push. */
export function NotificationSettingsPage() {
  const { t } = useTranslation(NOTIFICATIONS_NS);
  const { t: tApp } = useTranslation();
  const { workspaceId } = useSession();
  const preferences = useQuery({
    queryKey: preferencesKey(workspaceId),
    queryFn: () => http.call(notificationPreferenceEndpoints.get),
  });
  return (
    <>
      <PageHeader title={tApp('pages.notificationSettings')} subtitle={t('settings.subtitle')} />
      <Flex vertical gap={16}>
        <Card>
          <QueryView query={preferences} rows={6}>
            {(loaded) => <PreferencesForm key={workspaceId} initial={complete(loaded)} />}
          </QueryView>
        </Card>
        <Card title={t('push.title')}>
          <PushToggle />
        </Card>
      </Flex>
    </>
  );
}

function PreferencesForm({ initial }: { initial: NotificationPreferences }) {
  const { t } = useTranslation(NOTIFICATIONS_NS);
  const { t: tApp } = useTranslation();
  const { workspaceId } = useSession();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const save = useMutation({
    mutationFn: (body: NotificationPreferences) => http.call(notificationPreferenceEndpoints.update, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesKey(workspaceId), saved);
      setDraft(complete(saved));
      toast.success(t('settings.saved'));
    },
  });
  const changed = JSON.stringify(draft) !== JSON.stringify(initial);

  const toggle = (type: TypeChoice['type'], channel: NotificationChannel, on: boolean) =>
    setDraft((current) => ({
      ...current,
      types: current.types.map((choice) => (choice.type === type ? { ...choice, [channel]: on } : choice)),
    }));

  const columns = [
    {
      key: 'type',
      title: t('settings.type'),
      render: (_: unknown, choice: TypeChoice) => t(`types.${choice.type}`),
    },
    ...NOTIFICATION_CHANNELS.map((channel) => ({
      key: channel,
      title: t(`settings.channels.${channel}`),
      align: 'center' as const,
      width: 96,
      render: (_: unknown, choice: TypeChoice) => (
        <Switch
          size="small"
          aria-label={`${t(`types.${choice.type}`)}: ${t(`settings.channels.${channel}`)}`}
          checked={choice[channel]}
          onChange={(on) => toggle(choice.type, channel, on)}
        />
      ),
    })),
  ];

  return (
    <Flex vertical gap={16}>
      <Table<TypeChoice>
        rowKey="type"
        size="middle"
        pagination={false}
        columns={columns}
        dataSource={draft.types}
        scroll={{ x: 'max-content' }}
      />
      <Flex vertical gap={6}>
        <Typography.Text strong>{t('settings.emailMode')}</Typography.Text>
        <Radio.Group
          value={draft.email_mode}
          onChange={(event) => setDraft((current) => ({ ...current, email_mode: event.target.value }))}
          options={[
            { value: 'immediate', label: t('settings.immediate') },
            { value: 'digest', label: t('settings.digest') },
          ]}
        />
      </Flex>
      <Flex justify="flex-end">
        <Button type="primary" disabled={!changed} loading={save.isPending} onClick={() => save.mutate(draft)}>
          {tApp('common.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
