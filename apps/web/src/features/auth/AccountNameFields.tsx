import { displayNameField, usernameField } from '@omnichat/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRules } from '../../ui/form/use-rules.ts';
import './i18n/auth.ts';

/** The username and display name of a new account (sign-up, joining with a new account). */
export function AccountNameFields() {
  const { t } = useTranslation();
  const rules = useRules();
  return (
    <>
      <Form.Item name="username" label={t('auth.username')} required rules={rules.zod(usernameField)}>
        <Input autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item name="display_name" label={t('auth.displayName')} required rules={rules.zod(displayNameField)}>
        <Input autoComplete="name" />
      </Form.Item>
    </>
  );
}
