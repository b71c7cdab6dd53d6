import { emailField } from '@omnichat/contracts';
import { Alert, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiForm, SubmitButton } from '../../../ui/form/ApiForm.tsx';
import { useRules } from '../../../ui/form/use-rules.ts';
import { sendSmtpTest } from '../admin-api.ts';

type Answer = { ok: true; text: string } | { ok: false; text: string };

/** "Send test e-mail": POST /v1/system-setting/smtp/test {to}; shows the SMTP server's answer or the error. */
export function SmtpTestCard() {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<{ to: string }>();
  const [answer, setAnswer] = useState<Answer | null>(null);

  return (
    <Card title={t('adminPages.settings.testTitle')}>
      <Typography.Paragraph type="secondary">{t('adminPages.settings.testHint')}</Typography.Paragraph>
      <ApiForm
        form={form}
        name="smtp-test"
        success={false}
        submit={({ to }) => {
          setAnswer(null);
          return sendSmtpTest(to.trim());
        }}
        onDone={(result) => setAnswer({ ok: true, text: result.response })}
        onFailed={(error) => setAnswer({ ok: false, text: error.message })}
        style={{ maxWidth: 640 }}
      >
        <Flex gap={8} wrap align="flex-start">
          <Form.Item
            name="to"
            label={t('adminPages.settings.testRecipient')}
            required
            rules={rules.zod(emailField)}
            style={{ flex: '1 1 240px', marginBottom: 12 }}
          >
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <Form.Item label=" " colon={false} style={{ marginBottom: 12 }}>
            <SubmitButton type="default">{t('adminPages.settings.sendTest')}</SubmitButton>
          </Form.Item>
        </Flex>
      </ApiForm>
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
