import { type Setting, translate } from '@omnichat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Flex, Form, type FormInstance } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../app/preferences/preferences.tsx';
import { toast } from '../../../app/toast/toast-store.ts';
import { ApiForm, SubmitButton } from '../../../ui/form/ApiForm.tsx';
import { QueryView } from '../../../ui/QueryView.tsx';
import { adminKeys, getSettings, putSettings } from '../admin-api.ts';
import { SettingInput } from './SettingInput.tsx';
import { type FieldValue, fieldsOf, type SettingSection, toFormValue, toStored } from './setting-fields.ts';

interface SettingsFormProps {
  /** Form name: also the prefix of the controls' ids. */
  name: string;
  sections: SettingSection[];
  /** Shown above the form (e.g. "later features use these"). */
  note?: ReactNode;
  /** the form, for a card beside it that reads what is typed (a connection test before saving) */
  form?: FormInstance<SettingValues>;
}

export type SettingValues = Record<string, FieldValue>;
type Values = SettingValues;

/** Loads the sections' keys (GET /v1/system-setting), edits them, and saves only the changed ones. */
export function SettingsForm({ name, sections, note, form: given }: SettingsFormProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const queryClient = useQueryClient();
  const fields = useMemo(() => fieldsOf(sections), [sections]);
  const keys = useMemo(() => fields.map((field) => field.key), [fields]);
  const queryKey = adminKeys.settings(keys);
  const query = useQuery({ queryKey, queryFn: () => getSettings(keys) });
  const [own] = Form.useForm<Values>();
  const form = given ?? own;
  const [version, setVersion] = useState(0);

  const initial = useMemo(() => {
    const stored = new Map((query.data ?? []).map((setting) => [setting.key, setting.value]));
    return Object.fromEntries(fields.map((field) => [field.key, toFormValue(field, stored.get(field.key))])) as Values;
  }, [query.data, fields]);

  /** Sends only the changed keys (null when nothing changed); the answer is merged into the cached settings. */
  const save = useMutation({
    mutationFn: async (values: Values) => {
      const changed: Setting[] = fields
        .map((field) => ({ field, value: toStored(field, values[field.key]) }))
        .filter(({ field, value }) => value !== toStored(field, initial[field.key]))
        .map(({ field, value }) => ({ key: field.key, value }));
      return changed.length === 0 ? null : putSettings(changed);
    },
    onSuccess: (saved) => {
      if (!saved) return;
      const merged = new Map((query.data ?? []).map((setting) => [setting.key, setting.value]));
      for (const setting of saved) merged.set(setting.key, setting.value);
      queryClient.setQueryData<Setting[]>(
        queryKey,
        [...merged].map(([key, value]) => ({ key, value })),
      );
      setVersion((current) => current + 1);
    },
  });

  return (
    <QueryView query={query} rows={6} failed={t('adminPages.settings.loadFailed')}>
      {() => (
        <ApiForm
          key={version}
          form={form}
          name={name}
          initialValues={initial}
          submit={save.mutateAsync}
          success={false}
          onDone={(saved) =>
            saved ? toast.success(translate('save_success', locale)) : toast.info(t('adminPages.settings.noChanges'))
          }
        >
          <Flex vertical gap={16}>
            {note && <Alert type="info" showIcon title={note} />}
            {sections.map((section, index) => (
              <Card
                key={section.title ?? index}
                title={section.title ? t(`adminPages.settings.${section.title}`) : undefined}
              >
                <div style={{ maxWidth: 640 }}>
                  {section.fields.map((field) => (
                    <SettingInput key={field.key} field={field} />
                  ))}
                </div>
              </Card>
            ))}
            <Flex justify="flex-end">
              <SubmitButton>{t('adminPages.settings.save')}</SubmitButton>
            </Flex>
          </Flex>
        </ApiForm>
      )}
    </QueryView>
  );
}
