import { translate, WORKSPACE_PERMISSION_GROUPS } from '@omnichat/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Flex, Skeleton, Typography, theme } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { toast } from '../../app/toast/toast-store.ts';
import { getDefaultPermissions, putDefaultPermissions, workspaceSettingsKeys } from './workspace-settings-api.ts';

const LEVELS = ['read', 'write'] as const;

/** The permissions newly joined members get: one read and one write box per area. */
export function DefaultPermissionsCard({ workspaceId }: { workspaceId: string | null }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: workspaceSettingsKeys.defaultPermissions(workspaceId),
    queryFn: getDefaultPermissions,
    select: (data) => data.permissions,
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (query.data) setSelected(new Set(query.data));
  }, [query.data]);

  const toggle = (group: string, level: (typeof LEVELS)[number], checked: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) {
        next.add(`${group}_${level}`);
        // writing needs reading
        if (level === 'write') next.add(`${group}_read`);
      } else {
        next.delete(`${group}_${level}`);
        if (level === 'read') next.delete(`${group}_write`);
      }
      return next;
    });
  };

  const save = async () => {
    setSaving(true);
    try {
      const result = await putDefaultPermissions([...selected]);
      queryClient.setQueryData(workspaceSettingsKeys.defaultPermissions(workspaceId), result);
      toast.success(translate('save_success', locale));
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

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
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              <th scope="col" style={{ textAlign: 'start', padding: '6px 0' }}>
                {t('orgSettings.area')}
              </th>
              {LEVELS.map((level) => (
                <th key={level} scope="col" style={{ width: 72, textAlign: 'center' }}>
                  {t(`orgSettings.${level}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WORKSPACE_PERMISSION_GROUPS.map((group) => (
              <tr key={group} style={{ borderTop: `1px solid ${token.colorBorderSecondary}` }}>
                <th scope="row" style={{ textAlign: 'start', fontWeight: 'normal', padding: '8px 0' }}>
                  {t(`permissionGroups.${group}`)}
                </th>
                {LEVELS.map((level) => (
                  <td key={level} style={{ textAlign: 'center' }}>
                    <Checkbox
                      checked={selected.has(`${group}_${level}`)}
                      onChange={(event) => toggle(group, level, event.target.checked)}
                      aria-label={`${t(`permissionGroups.${group}`)} ${t(`orgSettings.${level}`)}`}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <Flex justify="flex-end" style={{ marginTop: 16 }}>
          <Button type="primary" loading={saving} onClick={() => void save()}>
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
