import { authEndpoints, emailField, type RegisterBody } from '@omnichat/contracts';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { http } from '../../app/http/index.ts';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import { AccountNameFields } from './AccountNameFields.tsx';
import { AuthShell } from './AuthShell.tsx';
import { type ChosenPlan, useChosenPlan, useChosenPlanName } from './chosen-plan.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import './i18n/auth.ts';

/** The plan chosen on the pricing page, with the way back to choose another. */
function ChosenPlanNote({ chosen }: { chosen: ChosenPlan }) {
  const { t } = useTranslation();
  const name = useChosenPlanName(chosen);
  if (!name) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('auth.chosenPlan', { plan: name, cycle: t(`auth.cycle.${chosen.cycle}`) })}
      description={
        <>
          {t('auth.chosenPlanNext')} <Link to="/pricing">{t('auth.changePlan')}</Link>
        </>
      }
    />
  );
}

/** /auth/register: creates an account; the server mails a verification link. */
export function RegisterPage() {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<RegisterBody>();
  const [done, setDone] = useState<string | null>(null);
  const chosen = useChosenPlan();

  if (done) {
    return (
      <AuthShell title={t('auth.registerDoneTitle')}>
        <Result
          status="success"
          title={done}
          extra={
            <Link to="/auth/login">
              <Button type="primary">{t('auth.goToSignIn')}</Button>
            </Link>
          }
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title={t('auth.registerTitle')}
      subtitle={t('auth.registerSubtitle')}
      footer={
        <Typography.Text type="secondary">
          {t('auth.haveAccount')} <Link to="/auth/login">{t('auth.signIn')}</Link>
        </Typography.Text>
      }
    >
      {chosen && <ChosenPlanNote chosen={chosen} />}
      <ApiForm
        form={form}
        name="register"
        success={false}
        submit={(values) =>
          http.call(authEndpoints.register, {
            body: {
              ...values,
              username: values.username.trim(),
              display_name: values.display_name.trim(),
              email: values.email.trim(),
            },
            // a taken username or e-mail shows under its field, not in a toast as well
            inlineFields: true,
          })
        }
        onDone={(result) => setDone(result.message)}
      >
        <AccountNameFields />
        <Form.Item name="email" label={t('auth.email')} required rules={rules.zod(emailField)}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <NewPasswordFields label={t('auth.password')} />
        <SubmitButton block size="large">
          {t('auth.createAccount')}
        </SubmitButton>
      </ApiForm>
    </AuthShell>
  );
}
