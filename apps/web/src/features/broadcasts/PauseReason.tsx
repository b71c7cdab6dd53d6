import type { Broadcast } from '@omnichat/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Text } from '../../ui/text.tsx';

/** Why the server paused a broadcast by itself (`status_reason`), and where the user fixes it. */
const REASONS = {
  wallet_insufficient_funds: '/app/organization/wallet',
  channel_token_rejected: '/app/chat/channel',
} as const;
type Reason = keyof typeof REASONS;

const known = (reason: string): reason is Reason => Object.hasOwn(REASONS, reason);

/** Whether the broadcast was paused by the server, with the reason it recorded. */
const pausedBySystem = (item: Pick<Broadcast, 'status' | 'status_reason'>) =>
  item.status === 'paused' && item.status_reason ? item.status_reason : null;

/** The details page's notice: the reason in words and a link to fix it; an unknown reason only says paused. */
export function PauseReasonAlert({ broadcast }: { broadcast: Pick<Broadcast, 'status' | 'status_reason'> }) {
  const { t } = useTranslation();
  const reason = pausedBySystem(broadcast);
  if (!reason) return null;
  if (!known(reason)) return <Alert type="warning" showIcon title={t('broadcasts.pausedReasons.unknown')} />;
  return (
    <Alert
      type="warning"
      showIcon
      title={t(`broadcasts.pausedReasons.${reason}`)}
      action={<Link to={REASONS[reason]}>{t(`broadcasts.pausedFix.${reason}`)}</Link>}
    />
  );
}

/** The list's short line under a paused broadcast's status. */
export function PauseReasonLine({ broadcast }: { broadcast: Pick<Broadcast, 'status' | 'status_reason'> }) {
  const { t } = useTranslation();
  const reason = pausedBySystem(broadcast);
  if (!reason) return null;
  return (
    <Text secondary style={{ fontSize: 12 }}>
      {t(`broadcasts.pausedShort.${known(reason) ? reason : 'unknown'}`)}
    </Text>
  );
}
