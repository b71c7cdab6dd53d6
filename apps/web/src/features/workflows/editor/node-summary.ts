import { useTranslation } from 'react-i18next';

const list = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');

/** One line saying what a node does, from its data (texts, keywords, URL, durations). */
export function useNodeSummary() {
  const { t } = useTranslation();
  const duration = (seconds: unknown) =>
    typeof seconds === 'number' ? t('workflows.seconds', { count: seconds }) : '';
  return (type: string, data: Record<string, unknown>): string => {
    switch (type) {
      case 'trigger.message_received':
        return list(data.keywords);
      case 'trigger.schedule':
        return typeof data.cron === 'string'
          ? data.cron
          : typeof data.at === 'number'
            ? new Date(data.at * 1000).toLocaleString()
            : '';
      case 'action.send_message':
      case 'action.add_note':
        return String(data.text ?? '');
      case 'action.http_request':
        return `${String(data.method ?? '')} ${String(data.url ?? '')}`;
      case 'action.wait':
        return duration(data.seconds);
      case 'action.wait_for_reply':
        return duration(data.timeout_seconds);
      case 'action.update_field':
        return `${String(data.field ?? '')} = ${String(data.value ?? '')}`;
      case 'condition':
        return `${String(data.field ?? '')} ${t(`workflows.operators.${String(data.operator)}`, { defaultValue: '' })} ${String(data.value ?? '')}`;
      default:
        return '';
    }
  };
}
