import { type Admin, translate } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { toast } from '../../app/toast/toast-store.ts';
import { QueryView } from '../../ui/QueryView.tsx';
import { adminKeys, getSystemAdminPermissions, useSaveAdminPermissions } from './admin-api.ts';
import { AdminPermissionChecklist } from './PermissionChecklist.tsx';

interface AdminPermissionsDrawerProps {
  admin: Admin | null;
  canWrite: boolean;
  isSelf: boolean;
  onClose: () => void;
}

/** One admin's permissions as grouped read/write boxes, saved with PUT …/permission. */
export function AdminPermissionsDrawer({ admin, canWrite, isSelf, onClose }: AdminPermissionsDrawerProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
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
  const save = useSaveAdminPermissions();
  const onSave = () => {
    if (!admin) return;
    save.mutate(
      { id: admin.id, permissions: selected },
      {
        onSuccess: () => {
          toast.success(translate('save_success', locale));
          close();
        },
      },
    );
  };

  const editable = canWrite && !admin?.admin;
  const body = (
    <QueryView query={query} rows={5}>
      {() => (
        <Flex vertical gap={12}>
          {admin?.admin && <Alert type="info" showIcon title={t('adminPages.systemAdmins.superAdminHint')} />}
          {isSelf && <Alert type="info" showIcon title={t('adminPages.systemAdmins.selfHint')} />}
          <AdminPermissionChecklist value={selected} onChange={setSelected} disabled={!editable || save.isPending} />
        </Flex>
      )}
    </QueryView>
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
            <Button type="primary" loading={save.isPending} disabled={!query.data} onClick={onSave}>
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
