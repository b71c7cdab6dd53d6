import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuditLogEntry, changeLines } from './audit-api.ts';

const json = (value: unknown) => JSON.stringify(value ?? null, null, 2);

/** The "changes" cell: a toggle that opens before → after (key: old → new lines, or JSON). */
export function ChangesCell({ entry }: { entry: AuditLogEntry }) {
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
