import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/use-session.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { AuditLogTable } from './AuditLogTable.tsx';
import './i18n/index.ts';

/** /app/organization/audit-log: the organization's audit log (owners and admins; the menu entry gates it). */
export function OrganizationAuditLogPage() {
  const { t } = useTranslation();
  const { workspaceId } = useSession();
  return (
    <>
      <PageHeader title={t('auditLog.title')} subtitle={t('auditLog.organizationSubtitle')} />
      <AuditLogTable key={workspaceId ?? ''} scope="organization" workspaceId={workspaceId} />
    </>
  );
}

/** /admin/audit-log: the platform's and every organization's audit log (admins with the admin flag). */
export function AdminAuditLogPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('auditLog.title')} subtitle={t('auditLog.adminSubtitle')} />
      <AuditLogTable scope="platform" />
    </>
  );
}
