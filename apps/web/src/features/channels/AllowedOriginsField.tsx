import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CHANNEL_LIMITS, normaliseOrigin, translate } from '@omnichat/contracts';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { CHANNELS_NS } from './i18n/index.ts';

/** A web chat's allowed websites: one address a row, any number up to the contract's limit, empty for any site. */
export function AllowedOriginsField() {
  const { t } = useTranslation(CHANNELS_NS);
  const { locale } = usePreferences();
  const rule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      if (value?.trim() && normaliseOrigin(value) === null)
        throw new Error(translate('webchat_origin_invalid', locale));
    },
  };
  return (
    <Form.Item label={t('origins.label')} extra={t('origins.help')}>
      <Form.List name="allowed_origins">
        {(rows, { add, remove }) => (
          <Flex vertical gap={8}>
            {rows.map((row, index) => (
              <Flex key={row.key} gap={8} align="start">
                <Form.Item name={row.name} rules={[rule]} style={{ flex: 1, marginBottom: 0 }}>
                  <Input
                    aria-label={t('origins.item', { n: index + 1 })}
                    placeholder={t('origins.placeholder')}
                    inputMode="url"
                    autoComplete="off"
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('origins.remove', { n: index + 1 })}
                  onClick={() => remove(row.name)}
                />
              </Flex>
            ))}
            {rows.length < CHANNEL_LIMITS.allowedOriginsMax && (
              <div>
                <Button icon={<PlusOutlined aria-hidden />} onClick={() => add('')}>
                  {t('origins.add')}
                </Button>
              </div>
            )}
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
