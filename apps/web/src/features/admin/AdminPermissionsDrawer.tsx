import { type Admin, translate } from '@omnichat/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { toast } from '../../app/toast/toast-store.ts';
import { adminKeys, getSystemAdminPermissions, putSystemAdminPermissions } from './admin-api.ts';
import { AdminPermissionChecklist } from './PermissionChecklist.tsx';

interface AdminPermissionsDrawerProps {
  admin: Admin | null;
  canWrite: boolean;
  isSelf: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** One admin's permissions as grouped read/write boxes, saved with PUT …/permission. */
export function AdminPermissionsDrawer({ admin, canWrite, isSelf, onClose, onSaved }: AdminPermissionsDrawerProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const queryClient = useQueryClient();
  const id = admin?.id ?? '';
  const query = useQuery({
    queryKey: adminKeys.adminPermissions(id),
    queryFn: () => getSystemAdminPermissions(id),
    enabled: Boolean(admin),
    select: (data) => data.permissions,
  });
  // the boxes show the stored permissions until someone edits them: an edit is kept per admin, so a later answer
  // of the query (a refetch) never undoes a click
  const [edited, setEdited] = useState<{ id: string; permissions: string[] } | null>(null);
  const selected = edited?.id === id ? edited.permissions : (query.data ?? []);
  const setSelected = (permissions: string[]) => setEdited({ id, permissions });
  // closing drops an unsaved edit: the drawer opens again on what is stored
  const close = () => {
    setEdited(null);
    onClose();
  };
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!admin) return;
    setSaving(true);
    try {
      const result = await putSystemAdminPermissions(admin.id, selected);
      queryClient.setQueryData(adminKeys.adminPermissions(admin.id), result);
      toast.success(translate('save_success', locale));
      onSaved();
      close();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  const editable = canWrite && !admin?.admin;
  let body = <Skeleton active paragraph={{ rows: 5 }} />;
  if (query.isError)
    body = (
      <Result
        status="warning"
        title={t('common.loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  else if (query.data)
    body = (
      <Flex vertical gap={12}>
        {admin?.admin && <Alert type="info" showIcon title={t('adminPages.systemAdmins.superAdminHint')} />}
        {isSelf && <Alert type="info" showIcon title={t('adminPages.systemAdmins.selfHint')} />}
        <AdminPermissionChecklist value={selected} onChange={setSelected} disabled={!editable || saving} />
      </Flex>
    );

  return (
    <Drawer
      open={Boolean(admin)}
      onClose={close}
      title={t('adminPages.systemAdmins.permissionsTitle', { name: admin?.display_name ?? '' })}
      size="min(520px, 100vw)"
      destroyOnHidden
      footer={
        editable && (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="primary" loading={saving} disabled={!query.data} onClick={() => void save()}>
              {t('adminPages.systemAdmins.savePermissions')}
            </Button>
          </Flex>
        )
      }
    >
      {body}
    </Drawer>
  );
}
