import { stripeAdminEndpoints } from '@omnichat/contracts';
import { Button, Card, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../app/http/index.ts';
import { TestResult } from './TestResult.tsx';

type Answer = { ok: true; livemode: boolean | undefined } | { ok: false; text: string };

/** "Test connection": POST /v1/admin/billing/stripe/test with the typed key, or the stored one when left empty. */
export function StripeTestCard() {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const run = async () => {
    setBusy(true);
    setAnswer(null);
    try {
      const secret = key.trim();
      const result = await http.call(stripeAdminEndpoints.test, {
        body: secret ? { secret_key: secret } : {},
        silent: true,
      });
      setAnswer({ ok: true, livemode: result.livemode });
    } catch (error) {
      setAnswer({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('adminPages.settings.stripeTestTitle')}>
      <Typography.Paragraph type="secondary">{t('adminPages.settings.stripeTestHint')}</Typography.Paragraph>
      <Flex gap={8} wrap style={{ maxWidth: 640 }}>
        <Input.Password
          aria-label={t('adminPages.settings.stripeTestKey')}
          placeholder={t('adminPages.settings.stripeTestKey')}
          autoComplete="off"
          value={key}
          onChange={(event) => setKey(event.target.value)}
          style={{ flex: '1 1 240px' }}
        />
        <Button loading={busy} onClick={() => void run()}>
          {t('adminPages.settings.stripeTest')}
        </Button>
      </Flex>
      <TestResult
        outcome={
          answer && {
            ok: answer.ok,
            title: answer.ok ? t('adminPages.settings.stripeTestOk') : t('adminPages.settings.stripeTestFailed'),
            description: answer.ok
              ? answer.livemode === undefined
                ? null
                : t(answer.livemode ? 'adminPages.settings.stripeLive' : 'adminPages.settings.stripeTestMode')
              : answer.text,
          }
        }
      />
    </Card>
  );
}
