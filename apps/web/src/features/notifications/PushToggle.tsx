import { resolveLocale, translate } from '@omnichat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATIONS_NS } from './i18n/index.ts';
import { isPushSubscribed, PushError, resubscribePush, unsubscribePush } from './push.ts';
import { isPushSupported } from './push-support.ts';

const SUBSCRIBED_KEY = ['web-push', 'subscribed'] as const;

/** This browser's web push on or off (SPEC 4), with the SPEC's texts when it cannot be. */
export function PushToggle() {
  const { t, i18n } = useTranslation(NOTIFICATIONS_NS);
  const queryClient = useQueryClient();
  const supported = isPushSupported();
  const [error, setError] = useState<string | null>(null);
  const status = useQuery({ queryKey: SUBSCRIBED_KEY, queryFn: isPushSubscribed, enabled: supported });
  const change = useMutation({
    mutationFn: (on: boolean) => (on ? resubscribePush() : unsubscribePush()),
    onSuccess: (_, on) => queryClient.setQueryData(SUBSCRIBED_KEY, on),
    onError: (failure, on) => {
      const locale = resolveLocale(i18n.resolvedLanguage ?? '');
      if (!(failure instanceof PushError)) setError(t(on ? 'push.subscribe' : 'push.unsubscribe'));
      else if (failure.reason === 'unsupported') setError(translate('push_not_supported', locale));
      else if (failure.reason === 'denied') setError(translate('push_permission_denied', locale));
      else setError(failure.serverError ?? t(`push.${failure.reason}`));
    },
  });

  if (!supported) return <Alert type="info" showIcon title={t('push.unsupportedHint')} />;
  const denied = Notification.permission === 'denied';
  const on = status.data === true;
  return (
    <Flex vertical gap={8}>
      <Flex gap={12} align="center">
        <Switch
          aria-label={t('push.title')}
          checked={on}
          loading={(status.isPending && status.fetchStatus !== 'idle') || change.isPending}
          disabled={denied && !on}
          onChange={(next) => {
            setError(null);
            change.mutate(next);
          }}
        />
        <Typography.Text>{on ? t('push.on') : t('push.off')}</Typography.Text>
      </Flex>
      {denied && <Alert type="warning" showIcon title={t('push.deniedHint')} />}
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Flex>
  );
}
