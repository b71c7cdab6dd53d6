import { DeleteOutlined } from '@ant-design/icons';
import type { ScheduledRun } from '@omnichat/contracts';
import { Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session/use-session.ts';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { QueryView } from '../../ui/QueryView.tsx';
import { useCanWriteWorkflows, useDateTime, WORKFLOWS_PATH } from './parts.tsx';
import { useCancelScheduled, useScheduledRuns } from './workflows-api.ts';

/** The upcoming runs of the scheduled workflows, soonest first, each cancellable once confirmed. */
export function ScheduledTab() {
  const { t } = useTranslation();
  const { workspaceId } = useSession();
  const dateTime = useDateTime();
  const canWrite = useCanWriteWorkflows();
  const scheduled = useScheduledRuns(workspaceId);
  const cancel = useCancelScheduled();
  const [cancelling, setCancelling] = useState<ScheduledRun | null>(null);
  return (
    <>
      <QueryView query={scheduled} failed={t('workflows.scheduled.loadFailed')}>
        {(runs) =>
          runs.length === 0 ? (
            <Card>
              <Empty description={t('workflows.scheduled.empty')} />
            </Card>
          ) : (
            <Flex vertical gap={8}>
              {runs.map((run) => (
                <Card key={run.id} size="small">
                  <Flex justify="space-between" align="center" gap={8} wrap>
                    <Flex vertical gap={2}>
                      <Link to={`${WORKFLOWS_PATH}/${run.workflow_id}`}>
                        <Typography.Text strong>{run.workflow_name}</Typography.Text>
                      </Link>
                      <Flex gap={8} wrap>
                        <Typography.Text>{dateTime(run.run_at)}</Typography.Text>
                        <Tag>{run.periodic ? t('workflows.settings.periodic') : t('workflows.settings.oneTime')}</Tag>
                      </Flex>
                    </Flex>
                    {canWrite && (
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined aria-hidden />}
                        onClick={() => setCancelling(run)}
                        aria-label={t('workflows.scheduled.cancelNamed', { name: run.workflow_name })}
                      >
                        {t('workflows.scheduled.cancel')}
                      </Button>
                    )}
                  </Flex>
                </Card>
              ))}
            </Flex>
          )
        }
      </QueryView>
      <DeleteDialog
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={t('workflows.scheduled.cancelTitle')}
        message={t('workflows.scheduled.cancelMessage', {
          name: cancelling?.workflow_name ?? '',
          at: cancelling ? dateTime(cancelling.run_at) : '',
        })}
        confirmText={t('workflows.scheduled.skip')}
        successMessage={false}
        onConfirm={async () => {
          if (cancelling) await cancel.mutateAsync(cancelling.id);
        }}
      />
    </>
  );
}
