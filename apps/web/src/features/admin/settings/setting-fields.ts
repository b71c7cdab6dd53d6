import { DEFAULT_MEMBER_PERMISSIONS, SYSTEM_SETTINGS, type SystemSettingKey } from '@omnichat/contracts';
import type { UploadedFile } from '../../../ui/upload-file.ts';

export type FieldKind =
  | 'text'
  | 'secret'
  | 'number'
  | 'cents'
  | 'select'
  | 'switch'
  | 'image'
  | 'pdf'
  | 'workspace-permissions';

export interface SettingField {
  key: SystemSettingKey;
  kind: FieldKind;
  /** Key under adminPages.settings of the label. */
  label: string;
  /** Key under adminPages.settings of the option labels (value → label key), for selects. */
  options?: { value: string; label: string }[];
  /** Key under adminPages.settings of a hint under the field. */
  hint?: string;
}

export interface SettingSection {
  /** Key under adminPages.settings of the card title; none for a single untitled card. */
  title?: string;
  fields: SettingField[];
}

export type FieldValue = string | number | boolean | null | string[] | UploadedFile | undefined;

/** The mask a secret setting comes back as; sending it back keeps the stored value. */
export const SECRET_MASK = '********';

const FILE_NAMES: Partial<Record<SystemSettingKey, string>> = {
  'system.logo': 'logo',
  'system.privacy.pdf': 'privacy.pdf',
  'system.terms.pdf': 'terms.pdf',
};

function parsePermissions(key: SystemSettingKey, raw: string): string[] {
  if (raw.trim() === '') return key === 'defaults.member.permissions' ? [...DEFAULT_MEMBER_PERMISSIONS] : [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** A stored setting text as the value of its form control. */
export function toFormValue(field: SettingField, raw: string | undefined): FieldValue {
  const text = raw ?? SYSTEM_SETTINGS[field.key].default;
  switch (field.kind) {
    case 'number': {
      if (text.trim() === '') return null;
      const value = Number(text);
      return Number.isFinite(value) ? value : null;
    }
    case 'cents':
      return /^\d+$/.test(text.trim()) ? Number(text) : 0;
    case 'image':
    case 'pdf':
      return text ? { dataUrl: text, filename: FILE_NAMES[field.key] ?? field.key } : undefined;
    case 'workspace-permissions':
      return parsePermissions(field.key, text);
    case 'switch':
      return text === 'true';
    default:
      return text;
  }
}

/** A form control's value as the setting text to store. */
export function toStored(field: SettingField, value: FieldValue): string {
  switch (field.kind) {
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    case 'cents':
      return String(typeof value === 'number' ? value : 0);
    case 'image':
    case 'pdf':
      return value && typeof value === 'object' && 'dataUrl' in value ? value.dataUrl : '';
    case 'workspace-permissions':
      return JSON.stringify(Array.isArray(value) ? [...value].sort() : []);
    case 'switch':
      return value === true ? 'true' : 'false';
    default:
      return typeof value === 'string' ? value : value == null ? '' : String(value);
  }
}

export const fieldsOf = (sections: SettingSection[]) => sections.flatMap((section) => section.fields);
