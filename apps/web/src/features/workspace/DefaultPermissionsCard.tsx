import { translate } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { toast } from '../../app/toast/toast-store.ts';
import { WorkspacePermissionChecklist } from '../../ui/PermissionChecklist.tsx';
import { getDefaultPermissions, useSaveDefaultPermissions, workspaceSettingsKeys } from './workspace-settings-api.ts';
import './i18n/orgSettings.ts';

/** The permissions newly joined members get: one read and one write box per area. */
export function DefaultPermissionsCard({ workspaceId }: { workspaceId: string | null }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const query = useQuery({
    queryKey: workspaceSettingsKeys.defaultPermissions(workspaceId),
    queryFn: getDefaultPermissions,
    select: (data) => data.permissions,
  });
  // the stored list until someone edits it, so a later answer of the query (a refetch) never undoes a click
  const [edited, setSelected] = useState<string[] | null>(null);
  const selected = edited ?? query.data ?? [];
  const save = useSaveDefaultPermissions(workspaceId);
  const onSave = () =>
    save.mutate(selected, {
      onSuccess: () => {
        setSelected(null);
        toast.success(translate('save_success', locale));
      },
    });

  let body: ReactNode;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (query.isError)
    body = (
      <Alert
        type="warning"
        showIcon
        title={t('orgSettings.permissionsUnavailable')}
        action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  else
    body = (
      <>
        <WorkspacePermissionChecklist
          value={selected}
          onChange={setSelected}
          aria-label={t('orgSettings.defaultPermissions')}
        />
        <Flex justify="flex-end" style={{ marginTop: 16 }}>
          <Button type="primary" loading={save.isPending} onClick={onSave}>
            {t('orgSettings.savePermissions')}
          </Button>
        </Flex>
      </>
    );

  return (
    <Card title={t('orgSettings.defaultPermissions')} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('orgSettings.defaultPermissionsHint')}</Typography.Paragraph>
      {body}
    </Card>
  );
}
