import type { Activity, ThreadActivity } from '@omnichat/contracts';
import { Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CHAT_NS } from './i18n/index.ts';

const names = (labels: { name: string }[] | undefined) => (labels ?? []).map((label) => label.name).join(', ');

/** The sentence of an activity, in the reader's language, from its fields (names as they were then). */
export function activitySentence(t: TFunction, activity: Activity): string {
  const actor = activity.actor?.name ?? t('desk.activity.system');
  const k = (key: string, values: Record<string, unknown> = {}) => t(`desk.activity.${key}`, { actor, ...values });
  switch (activity.kind) {
    case 'assigned': {
      const name = activity.assignee?.name;
      const team = activity.team?.name;
      if (name && !activity.actor) return k('assignedAuto', { name });
      if (name) return team ? k('assignedMemberTeam', { name, team }) : k('assignedMember', { name });
      if (team) return k('assignedTeam', { team });
      return k('assignedAll');
    }
    case 'unassigned':
      return k('unassigned');
    case 'closed':
      return k('closed');
    case 'reopened':
      if (!activity.actor && activity.reason === 'snooze_ended') return k('reopenedSnoozeEnded');
      if (!activity.actor && activity.reason === 'customer_message') return k('reopenedCustomer');
      return k('reopened');
    case 'snoozed':
      return activity.until
        ? k('snoozedUntil', { time: dayjs.unix(activity.until).format('D MMM HH:mm') })
        : k('snoozedReply');
    case 'labels_changed': {
      const added = names(activity.labels_added);
      const removed = names(activity.labels_removed);
      if (added && removed) return k('labelsChanged', { added, removed });
      return added ? k('labelsAdded', { added }) : k('labelsRemoved', { removed });
    }
    case 'ai_resumed':
      return k('aiResumed');
    case 'ai_handoff':
      if (activity.actor) return k('aiTakenOver');
      return k('aiHandoff', { reason: t(`desk.activity.aiReasons.${activity.ai_reason ?? 'tool'}`) });
  }
}

/** An activity line of the thread: centred, muted, with its time ("Ann assigned this to Ben · 10:42"). */
export function ActivityLine({ item }: { item: ThreadActivity }) {
  const { t } = useTranslation(CHAT_NS);
  const at = dayjs.unix(item.created_at);
  return (
    <div data-activity-id={item.id} style={{ textAlign: 'center', padding: '2px 24px' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {activitySentence(t, item.activity)} ·{' '}
        <time dateTime={at.toISOString()}>
          {at.isSame(dayjs(), 'day') ? at.format('HH:mm') : at.format('D MMM HH:mm')}
        </time>
      </Typography.Text>
    </div>
  );
}
