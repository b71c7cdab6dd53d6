import { addFeatureTexts } from '../../../app/i18n/index.ts';
import { auditLogEn } from './en.ts';
import { auditLogZhCn } from './zh-cn.ts';
import { auditLogZhHk } from './zh-hk.ts';

/** The audit-log pages' texts come with their chunk (as `auditLog.*`), not with the entry script. */
addFeatureTexts({
  en: { auditLog: auditLogEn },
  'zh-hk': { auditLog: auditLogZhHk },
  'zh-cn': { auditLog: auditLogZhCn },
});
