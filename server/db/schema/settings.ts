/**
 * Settings as option entries (spec section 3): `option` is
 * `{prefix}_{field}` (company_name, message_footer, settings_logo,
 * result_chemical...), `value` is text (JSON text for structured values
 * such as the result thresholds).
 */
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, syncTimestamps } from './columns';

export const options = pgTable(
  'options',
  {
    id: idColumn(),
    option: text('option').notNull(),
    value: text('value').notNull().default(''),
    ...syncTimestamps(),
  },
  (t) => [uniqueIndex('options_option_unique').on(t.option)],
);
