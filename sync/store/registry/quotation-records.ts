/**
 * The quotation as the screens read it from the local store, derived from
 * its definition (quotations.ts; see local-record-types.ts): the wire
 * fields with the nested lists as plain arrays, the customer and service
 * address also by local key, the customer's name and phone as copied on save.
 */
import type { Quotation } from '@sync/contract/quotations';
import type { LocalRecordOf, NullUntilPushed } from './local-record-types';
import type { quotations } from './quotations';

/** Fields the server makes: null on a quotation created here until the server answers. */
type ServerMade = 'reference_no' | 'user' | 'sample_count' | 'able_create_sample' | 'f_created_at' | 'sent_at' | 'sent_mail_at' | 'sent_whatsapp_at';

/** A line as a screen writes it: its total is computed on save (quotations.ts's derive), so a draft line may not have one yet. */
type WrittenLine<T extends { total: number }> = Omit<T, 'total'> & { total?: number };
type PricedLists = 'rows' | 'services' | 'costs';

export type LocalQuotation = NullUntilPushed<Omit<LocalRecordOf<typeof quotations>, PricedLists>, ServerMade> & {
  [L in PricedLists]: Array<WrittenLine<Quotation[L][number]>>;
};

declare module './local-record-types' {
  interface LocalRecordRefinements {
    quotations: LocalQuotation;
  }
}
