import { memberEndpoints } from '@omnichat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { http } from '../../app/http/index.ts';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { forgetCurrentWorkspace } from './workspace-settings-api.ts';
import './i18n/orgSettings.ts';

/** Leave the organization, or (owner) delete it after typing its name. */
export function DangerZoneCard({ name, isOwner }: { name: string; isOwner: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'leave' | 'delete' | null>(null);
  const [typed, setTyped] = useState('');

  const close = () => {
    setDialog(null);
    setTyped('');
  };

  const afterExit = () => {
    forgetCurrentWorkspace();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'public-settings' });
    navigate('/app/organization', { replace: true });
  };

  const row = (title: string, hint: string, button: string, onClick: () => void) => (
    <Flex align="center" justify="space-between" gap={12} wrap style={{ padding: '12px 0' }}>
      <div style={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography.Text strong>{title}</Typography.Text>
        <div>
          <Typography.Text type="secondary">{hint}</Typography.Text>
        </div>
      </div>
      <Button danger onClick={onClick}>
        {button}
      </Button>
    </Flex>
  );

  return (
    <Card
      title={<span style={{ color: token.colorError }}>{t('orgSettings.dangerZone')}</span>}
      style={{ marginTop: 16, borderColor: token.colorErrorBorder }}
    >
      {row(t('orgSettings.leave'), t('orgSettings.leaveHint'), t('orgSettings.leave'), () => setDialog('leave'))}
      {isOwner &&
        row(t('orgSettings.delete'), t('orgSettings.deleteHint'), t('orgSettings.delete'), () => setDialog('delete'))}
      <DeleteDialog
        open={dialog === 'leave'}
        onClose={close}
        title={t('orgSettings.leaveTitle')}
        message={t('orgSettings.leaveMessage', { name })}
        confirmText={t('orgSettings.leaveConfirm')}
        successMessage={false}
        onConfirm={async () => {
          await http.call(memberEndpoints.leaveWorkspace);
          afterExit();
        }}
      />
      <DeleteDialog
        open={dialog === 'delete'}
        onClose={close}
        title={t('orgSettings.deleteTitle')}
        message={
          <Flex vertical gap={8}>
            <span>{t('orgSettings.deleteMessage', { name })}</span>
            <Input
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              aria-label={t('orgSettings.deleteNameLabel')}
              autoComplete="off"
            />
          </Flex>
        }
        confirmText={t('orgSettings.delete')}
        onConfirm={async () => {
          if (typed.trim() !== name) throw new Error(t('orgSettings.deleteNameMismatch'));
          await http.call(memberEndpoints.deleteWorkspace);
          afterExit();
        }}
      />
    </Card>
  );
}
