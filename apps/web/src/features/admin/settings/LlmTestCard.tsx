import { type LlmTestBody, llmProviderEndpoints } from '@omnichat/contracts';
import { Button, Card, type FormInstance, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../app/http/index.ts';
import type { SettingValues } from './SettingsForm.tsx';
import { TestResult } from './TestResult.tsx';

type Answer = { ok: true; model: string; latencyMs: number } | { ok: false; text: string };

const typed = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * "Test connection": POST /v1/admin/cs-agent/test with the base URL, key and model typed in the form (the saved ones
 * where left empty or masked), one real chat call; shows the model and how long it took, or the provider's reason.
 */
export function LlmTestCard({ form }: { form: FormInstance<SettingValues> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const run = async () => {
    setBusy(true);
    setAnswer(null);
    const values = form.getFieldsValue(true) as SettingValues;
    const body: LlmTestBody = {
      base_url: typed(values['cs_agent.llm.base_url']),
      api_key: typed(values['cs_agent.llm.api_key']),
      model: typed(values['cs_agent.llm.model']),
    };
    try {
      const result = await http.call(llmProviderEndpoints.test, {
        body: Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
        silent: true,
      });
      setAnswer({ ok: true, model: result.model, latencyMs: result.latency_ms });
    } catch (error) {
      setAnswer({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('adminPages.settings.llmTestTitle')}>
      <Typography.Paragraph type="secondary">{t('adminPages.settings.llmTestHint')}</Typography.Paragraph>
      <Button loading={busy} onClick={() => void run()}>
        {t('adminPages.settings.llmTest')}
      </Button>
      <TestResult
        outcome={
          answer && {
            ok: answer.ok,
            title: answer.ok ? t('adminPages.settings.llmTestOk') : t('adminPages.settings.llmTestFailed'),
            description: answer.ok
              ? t('adminPages.settings.llmTestLatency', { model: answer.model, ms: answer.latencyMs })
              : answer.text,
          }
        }
      />
    </Card>
  );
}
