import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { WORKSPACE_ROLES } from '@omnichat/contracts';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { formatCents } from '../../ui/numeric-text.ts';
import { permissionLabel } from '../../ui/permission-label.ts';
import { type AuditLogEntry, changeLines, show } from './audit-api.ts';

const json = (value: unknown) => JSON.stringify(value ?? null, null, 2);
/** Billing's dates in the log: unix seconds, shown as the billing pages show them (the UTC day). */
const DATE_FIELDS = new Set(['period_end', 'trial_end']);
const isRole = (value: unknown) => typeof value === 'string' && (WORKSPACE_ROLES as readonly string[]).includes(value);

/**
 * Names and values of changed fields in the reader's language: a known field's label, roles, yes/no, statuses and
 * permissions by their labels, money in dollars, billing dates; anything else as it was recorded.
 */
function useChangeText() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const label = (key: string) => t(`auditLog.fields.${key}`, { defaultValue: key });
  const format = (key: string, value: unknown): string => {
    if (value === null || value === undefined) return '—';
    if (typeof value === 'boolean') return t(value ? 'auditLog.values.yes' : 'auditLog.values.no');
    if (key === 'role' && isRole(value)) return t(`roles.${value}`);
    if (key === 'status' && (value === 'active' || value === 'inactive')) return t(`auditLog.values.${value}`);
    // money is integer cents (SPEC 2: shown as $D.CC)
    if (key.endsWith('_cents') && typeof value === 'number')
      return `${value < 0 ? '-' : ''}$${formatCents(Math.abs(value))}`;
    if (DATE_FIELDS.has(key) && typeof value === 'number') return new Date(value * 1000).toISOString().slice(0, 10);
    if (key === 'permissions' && Array.isArray(value)) {
      if (value.length === 0) return t('auditLog.values.none');
      const labels = value.map((permission) => permissionLabel(String(permission), t));
      return new Intl.ListFormat(locale, { type: 'conjunction' }).format(labels);
    }
    return show(value);
  };
  return { label, format };
}

/** The "changes" cell: a toggle that opens before → after (key: old → new lines, or JSON). */
export function ChangesCell({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation();
  const text = useChangeText();
  const [open, setOpen] = useState(false);
  if (entry.before == null && entry.after == null) return <Typography.Text type="secondary">-</Typography.Text>;
  const lines = changeLines(entry.before, entry.after, text.format);
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
                  <Typography.Text strong title={line.key}>
                    {text.label(line.key)}
                  </Typography.Text>
                  {t('auditLog.fieldSeparator')}
                  {line.before} → {line.after}
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
