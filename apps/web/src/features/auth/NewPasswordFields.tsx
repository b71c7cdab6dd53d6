import { passwordField } from '@omnichat/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRules } from '../../ui/form/use-rules.ts';
import './i18n/auth.ts';

/** A new password and its confirmation, checked with the contract's rules (sign-up, reset). */
export function NewPasswordFields({ label, size, autoFocus }: { label: string; size?: 'large'; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const rules = useRules();
  return (
    <>
      <Form.Item name="password" label={label} required rules={rules.zod(passwordField)}>
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} size={size} />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t('auth.confirmPassword')}
        required
        dependencies={['password']}
        rules={rules.matches('password')}
      >
        <Input.Password autoComplete="new-password" size={size} />
      </Form.Item>
    </>
  );
}
