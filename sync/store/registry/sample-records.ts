/**
 * The sample records as the screens read them from the local store (see
 * catalog-records.ts for the conventions): wire fields, the quotation also
 * by local key, the blocks as plain objects. Server-made fields
 * (`f_created_at`, a file's `url`, `sha256`) are null on a record created
 * here until the server answers.
 *
 * The types join `ResourceRecordMap` by interface merging.
 */
import type { Sample, SampleBlock, SampleFile, SampleRowRef } from '@sync/contract/samples';
import type { LocalRecordBase } from './catalog-records';

type ServerMade = 'f_created_at' | 'company_city' | 'customer_id' | 'sample_no';

export type LocalSample = LocalRecordBase &
  Omit<Sample, 'id' | 'created_at' | 'updated_at' | 'type' | 'files' | 'quotation_id' | 'quotation_row_id' | ServerMade> & {
    quotation_key: string | null;
    quotation_id: number | null;
    /**
     * The quotation row's `row_id`; a number is its former position, on a
     * sample stored before rows had ids and not pulled since (the server
     * reads it as that row; `quotationRowOf` finds it either way).
     */
    quotation_row_id: SampleRowRef | null;
    caracterization: SampleBlock;
    memory_field: SampleBlock;
    result: SampleBlock;
    risk_classification: SampleBlock;
    validation: SampleBlock;
    /** When the record was created on this device (ISO). */
    _local_at?: string;
  } & { [K in ServerMade]: Sample[K] | null };

export type LocalSampleFile = LocalRecordBase &
  Omit<SampleFile, 'id' | 'created_at' | 'updated_at' | 'sample_id' | 'file_id' | 'url' | 'sha256' | 'type' | 'size' | 'file_name'> & {
    sample_key: string;
    sample_id: number | null;
    file_id: number | null;
    file_name: string | null;
    url: string | null;
    type: string | null;
    size: number | null;
    sha256: string | null;
  };

declare module './catalog-records' {
  interface ResourceRecordMap {
    samples: LocalSample;
    sample_files: LocalSampleFile;
  }
}
