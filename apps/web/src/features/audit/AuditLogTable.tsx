import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { usePaging } from '../../ui/use-paging.ts';
import {
  type AuditFilters,
  type AuditLogEntry,
  type AuditScope,
  actionLabelKey,
  auditKeys,
  changeLines,
  KNOWN_ACTIONS,
  listAuditLogs,
} from './audit-api.ts';

const formatTime = (seconds: number) => (seconds > 0 ? dayjs.unix(seconds).format('YYYY-MM-DD HH:mm:ss') : '-');

const ACTOR_COLORS: Record<AuditLogEntry['actor_type'], string> = { user: 'blue', admin: 'purple', system: 'default' };

/** A readable label of an action, the raw name for one the app does not know. */
export function useActionLabel() {
  const { t } = useTranslation();
  return (action: string) => {
    const key = actionLabelKey(action);
    return key ? t(key) : action;
  };
}

const json = (value: unknown) => JSON.stringify(value ?? null, null, 2);

/** The "changes" cell: a toggle that opens before → after (key: old → new lines, or JSON). */
function ChangesCell({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (entry.before == null && entry.after == null) return <Typography.Text type="secondary">-</Typography.Text>;
  const lines = changeLines(entry.before, entry.after);
  return (
    <div style={{ maxWidth: 420, minWidth: 160 }}>
      <Button
        type="link"
        size="small"
        style={{ paddingInline: 0 }}
        aria-expanded={open}
        icon={open ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />}
        onClick={() => setOpen(!open)}
      >
        {open ? t('auditLog.hideChanges') : t('auditLog.showChanges')}
      </Button>
      {open &&
        (lines ? (
          lines.length === 0 ? (
            <Typography.Text type="secondary">{t('auditLog.noChanges')}</Typography.Text>
          ) : (
            <ul
              aria-label={t('auditLog.changes')}
              style={{ margin: 0, paddingInlineStart: 16, wordBreak: 'break-word' }}
            >
              {lines.map((line) => (
                <li key={line.key}>
                  <Typography.Text code>{line.key}</Typography.Text>: {line.before} → {line.after}
                </li>
              ))}
            </ul>
          )
        ) : (
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">{t('auditLog.before')}</Typography.Text>
            <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{json(entry.before)}</pre>
            <Typography.Text type="secondary">{t('auditLog.after')}</Typography.Text>
            <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{json(entry.after)}</pre>
          </Flex>
        ))}
    </div>
  );
}

interface AuditLogTableProps {
  scope: AuditScope;
  /** The signed-in organization (part of the cache key of an organization's log). */
  workspaceId?: string | null;
}

/** The audit log, newest first, paged by the server, filterable by action; shared by the organization and admin pages. */
export function AuditLogTable({ scope, workspaceId = null }: AuditLogTableProps) {
  const { t } = useTranslation();
  const actionLabel = useActionLabel();
  const { page, size, reset, onPage } = usePaging();
  const [action, setAction] = useState<string | undefined>();
  const filters: AuditFilters = { page, size, action };
  const query = useQuery({
    queryKey: auditKeys.list(scope, workspaceId, filters),
    queryFn: () => listAuditLogs(scope, filters),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<AuditLogEntry> = [
    {
      title: t('auditLog.time'),
      key: 'time',
      render: (_, entry) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(entry.created_at)}</span>,
    },
    {
      title: t('auditLog.actor'),
      key: 'actor',
      render: (_, entry) => (
        <Flex vertical align="start" gap={2}>
          <Typography.Text strong>{entry.actor_name || t('auditLog.actorTypes.system')}</Typography.Text>
          <Tag color={ACTOR_COLORS[entry.actor_type]}>{t(`auditLog.actorTypes.${entry.actor_type}`)}</Tag>
        </Flex>
      ),
    },
    {
      title: t('auditLog.action'),
      key: 'action',
      render: (_, entry) => (
        <Typography.Text title={entry.action} style={{ whiteSpace: 'nowrap' }}>
          {actionLabel(entry.action)}
        </Typography.Text>
      ),
    },
    {
      title: t('auditLog.target'),
      key: 'target',
      render: (_, entry) => (
        <Flex vertical>
          <Typography.Text>{entry.target_type}</Typography.Text>
          {entry.target_id && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {entry.target_id}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('auditLog.changes'), key: 'changes', render: (_, entry) => <ChangesCell entry={entry} /> },
    { title: t('auditLog.ip'), dataIndex: 'ip', key: 'ip', render: (ip: string) => ip || '-' },
  ];
  if (scope === 'platform')
    columns.splice(1, 0, {
      title: t('auditLog.organization'),
      key: 'organization',
      render: (_, entry) =>
        entry.workspace_id ? (
          <Typography.Text style={{ fontSize: 12 }}>{entry.workspace_id}</Typography.Text>
        ) : (
          <Tag>{t('auditLog.platform')}</Tag>
        ),
    });

  return (
    <PagedTable<AuditLogEntry>
      label={t('auditLog.title')}
      rowKey="id"
      columns={columns}
      items={query.data?.items}
      page={query.data?.page}
      loading={query.isFetching}
      error={query.isError}
      onRetry={() => void query.refetch()}
      current={page}
      size={size}
      onPage={onPage}
      toolbar={
        <Select<string>
          aria-label={t('auditLog.actionFilter')}
          value={action ?? ''}
          onChange={(value) => {
            setAction(value || undefined);
            reset();
          }}
          style={{ flex: '0 1 280px', minWidth: 200 }}
          popupMatchSelectWidth={false}
          options={[
            { value: '', label: t('auditLog.allActions') },
            ...KNOWN_ACTIONS[scope].map((known) => ({ value: known, label: actionLabel(known) })),
          ]}
        />
      }
    />
  );
}
