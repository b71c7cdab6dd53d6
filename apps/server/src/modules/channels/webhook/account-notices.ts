import { objectOf } from '../../../integrations/meta/read-json.ts';
import type { MetaFieldHandler } from '../../../platform/modules/define-module.ts';

/** WhatsApp's notices about the business account and its number, which the channels module answers. */
const NOTICE_FIELDS = ['account_alerts', 'account_update', 'phone_number_quality_update'] as const;
/** What of a notice is logged: Meta's names for what happened (never free text, numbers or ids). */
const NAMED = ['event', 'current_limit', 'old_limit', 'alert_type', 'alert_severity', 'alert_status', 'entity_type'];
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * Logs each notice at info with its channel. Keeping the latest on the channel (a number's quality, an account's
 * restriction) would need a column and a place to show it: not yet.
 */
const logNotices =
  (field: string): MetaFieldHandler =>
  async (_tx, channel, parts, { log }) => {
    for (const part of parts) {
      const value = objectOf(part.value);
      const named = NAMED.filter((key) => typeof value[key] === 'string' && NAME.test(value[key]));
      log.info(
        {
          channel_id: channel.id,
          delivery_id: part.deliveryId,
          field,
          ...Object.fromEntries(named.map((key) => [key, value[key]])),
        },
        'WhatsApp account notice',
      );
    }
    return [];
  };

/** The Meta webhook fields the channels module answers itself. */
export const accountNotices = Object.fromEntries(NOTICE_FIELDS.map((field) => [field, logNotices(field)]));
