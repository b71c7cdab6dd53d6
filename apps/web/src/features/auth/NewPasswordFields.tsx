import { passwordField } from '@omnichat/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { matchesField, zodRule } from '../../ui/zod-rule.ts';

/** A new password and its confirmation, checked with the contract's rules (sign-up, reset). */
export function NewPasswordFields({ label, size, autoFocus }: { label: string; size?: 'large'; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  return (
    <>
      <Form.Item name="password" label={label} required rules={[zodRule(passwordField, locale)]}>
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} size={size} />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t('auth.confirmPassword')}
        required
        dependencies={['password']}
        rules={[matchesField('password', locale)]}
      >
        <Input.Password autoComplete="new-password" size={size} />
      </Form.Item>
    </>
  );
}
