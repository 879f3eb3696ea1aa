/** The EPI rows of a field memory (all types): a list that always keeps one row. */
import { emptyEpiRow, type EpiRow } from '@sync/contract/samples/block-fields';
import { OneRowList } from '@/ui/one-row-list';
import { FieldGrid, TextField } from './field-inputs';
import { TYPE_FIELD_TEXTS as T } from './type-field-texts';

export function EpiList({ rows, onChange }: { rows: EpiRow[]; onChange: (rows: EpiRow[]) => void }) {
  return (
    <OneRowList
      rows={rows}
      onChange={onChange}
      blank={emptyEpiRow}
      rowTitle={T.epi}
      renderRow={(row, update) => (
        <FieldGrid>
          <TextField label={T.epiType} value={row.type} onChange={(type) => update({ ...row, type })} />
          <TextField label={T.epiManufacturer} value={row.manufacturer} onChange={(manufacturer) => update({ ...row, manufacturer })} />
          <TextField label={T.epiModel} value={row.model} onChange={(model) => update({ ...row, model })} />
          <TextField label={T.epiNumber} value={row.number} onChange={(number) => update({ ...row, number })} />
        </FieldGrid>
      )}
    />
  );
}
