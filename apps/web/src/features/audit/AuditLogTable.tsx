import { Flex, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListView } from '../../ui/list/ListView.tsx';
import { useList } from '../../ui/list/use-list.ts';
import { Text } from '../../ui/text.tsx';
import {
  type AuditLogEntry,
  type AuditScope,
  actionLabelKey,
  auditKeys,
  KNOWN_ACTIONS,
  listAuditLogs,
  targetTypeLabelKey,
} from './audit-api.ts';
import { ChangesCell } from './ChangesCell.tsx';

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

interface AuditLogTableProps {
  scope: AuditScope;
  /** The signed-in organization (part of the cache key of an organization's log). */
  workspaceId?: string | null;
}

/** The audit log, newest first, paged by the server, filterable by action; shared by the organization and admin pages. */
export function AuditLogTable({ scope, workspaceId = null }: AuditLogTableProps) {
  const { t } = useTranslation();
  const actionLabel = useActionLabel();
  const list = useList<AuditLogEntry, { action?: string }>({
    queryKey: ({ page, size, filters }) => auditKeys.list(scope, workspaceId, { page, size, ...filters }),
    fetchPage: ({ page, size, filters }) => listAuditLogs(scope, { page, size, ...filters }),
    filters: {},
  });

  const columns: ListColumn<AuditLogEntry>[] = [
    {
      key: 'time',
      title: t('auditLog.time'),
      render: (entry) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(entry.created_at)}</span>,
    },
    {
      key: 'actor',
      title: t('auditLog.actor'),
      render: (entry) => (
        <Flex vertical align="start" gap={2}>
          <Text strong title={entry.actor_id ?? undefined}>
            {entry.actor_name || t('auditLog.actorTypes.system')}
          </Text>
          <Tag color={ACTOR_COLORS[entry.actor_type]}>{t(`auditLog.actorTypes.${entry.actor_type}`)}</Tag>
        </Flex>
      ),
    },
    {
      key: 'action',
      title: t('auditLog.action'),
      render: (entry) => (
        <Text title={entry.action} style={{ whiteSpace: 'nowrap' }}>
          {actionLabel(entry.action)}
        </Text>
      ),
    },
    {
      key: 'target',
      title: t('auditLog.target'),
      render: (entry) => {
        const typeKey = targetTypeLabelKey(entry.target_type);
        // entries older than names have only the id: a sentence, the id in the tooltip for whoever needs it
        return (
          <Flex vertical align="start">
            {entry.target_name ? (
              <Text title={entry.target_id ?? undefined} style={{ wordBreak: 'break-word' }}>
                {entry.target_name}
              </Text>
            ) : (
              entry.target_id && (
                <Text secondary title={entry.target_id}>
                  {t('auditLog.unnamed')}
                </Text>
              )
            )}
            <Text secondary style={{ fontSize: 12 }}>
              {typeKey ? t(typeKey) : entry.target_type}
            </Text>
          </Flex>
        );
      },
    },
    { key: 'changes', title: t('auditLog.changes'), render: (entry) => <ChangesCell entry={entry} /> },
    { key: 'ip', title: t('auditLog.ip'), render: (entry) => entry.ip || '-' },
  ];
  if (scope === 'platform')
    columns.splice(1, 0, {
      key: 'organization',
      title: t('auditLog.organization'),
      render: (entry) =>
        entry.workspace_id ? (
          <Text title={entry.workspace_id} style={{ wordBreak: 'break-word' }}>
            {entry.workspace_name || t('auditLog.unnamedOrganization')}
          </Text>
        ) : (
          <Tag>{t('auditLog.platform')}</Tag>
        ),
    });

  return (
    <ListView<AuditLogEntry>
      list={list}
      label={t('auditLog.title')}
      rowKey={(entry) => entry.id}
      columns={columns}
      loadFailed={t('common.loadFailed')}
      filters={
        <Select<string>
          aria-label={t('auditLog.actionFilter')}
          value={list.filters.action ?? ''}
          onChange={(value) => list.setFilter('action', value || undefined)}
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
