import { emailField } from '@omnichat/contracts';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../app/preferences/preferences.tsx';
import { zodRule } from '../../../ui/zod-rule.ts';
import { sendSmtpTest } from '../admin-api.ts';

type Answer = { ok: true; text: string } | { ok: false; text: string };

/** "Send test e-mail": POST /v1/system-setting/smtp/test {to}; shows the SMTP server's answer or the error. */
export function SmtpTestCard() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const [form] = Form.useForm<{ to: string }>();
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);

  const send = async ({ to }: { to: string }) => {
    setSending(true);
    setAnswer(null);
    try {
      const result = await sendSmtpTest(to.trim());
      setAnswer({ ok: true, text: result.response });
    } catch (error) {
      setAnswer({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Card title={t('adminPages.settings.testTitle')}>
      <Typography.Paragraph type="secondary">{t('adminPages.settings.testHint')}</Typography.Paragraph>
      <Form<{ to: string }>
        form={form}
        name="smtp-test"
        layout="vertical"
        noValidate
        onFinish={send}
        onFinishFailed={({ errorFields }) => console.warn('smtp test: invalid fields', errorFields)}
        style={{ maxWidth: 640 }}
      >
        <Flex gap={8} wrap align="flex-start">
          <Form.Item
            name="to"
            label={t('adminPages.settings.testRecipient')}
            required
            rules={[zodRule(emailField, locale)]}
            style={{ flex: '1 1 240px', marginBottom: 12 }}
          >
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <Form.Item label=" " colon={false} style={{ marginBottom: 12 }}>
            <Button htmlType="submit" loading={sending}>
              {t('adminPages.settings.sendTest')}
            </Button>
          </Form.Item>
        </Flex>
      </Form>
      <div aria-live="polite">
        {answer && (
          <Alert
            type={answer.ok ? 'success' : 'error'}
            showIcon
            role={answer.ok ? 'status' : 'alert'}
            title={answer.ok ? t('adminPages.settings.testSucceeded') : t('adminPages.settings.testFailed')}
            description={<span data-testid="smtp-test-answer">{answer.text}</span>}
          />
        )}
      </div>
    </Card>
  );
}
