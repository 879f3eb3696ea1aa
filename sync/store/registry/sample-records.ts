/**
 * The sample records as the screens read them from the local store,
 * derived from the definitions (samples.ts; see local-record-types.ts):
 * wire fields, the quotation also by local key, the blocks as plain
 * objects, the customer as copied from the quotation on save.
 */
import type { SampleRowRef } from '@sync/contract/samples';
import type { LocalRecordOf, NullUntilPushed } from './local-record-types';
import type { sampleFiles, samples } from './samples';

/** 'Criada em' (DD/MM/YYYY), the city and the number are the server's: null on a sample created here until it answers. */
export type LocalSample = NullUntilPushed<Omit<LocalRecordOf<typeof samples>, 'quotation_row_id'>, 'f_created_at' | 'company_city' | 'sample_no'> & {
  /**
   * The quotation row's `row_id`; a number is its former position, on a
   * sample stored before rows had ids and not pulled since (the server
   * reads it as that row; `quotationRowOf` finds it either way).
   */
  quotation_row_id: SampleRowRef | null;
};

/** Everything about the stored file (its name, path, type, size and hash) is the server's once the bytes are uploaded. */
export type LocalSampleFile = NullUntilPushed<LocalRecordOf<typeof sampleFiles>, 'file_id' | 'file_name' | 'url' | 'type' | 'size' | 'sha256'>;

declare module './local-record-types' {
  interface LocalRecordRefinements {
    samples: LocalSample;
    sample_files: LocalSampleFile;
  }
}
