/**
 * The EPI rows every sample type records (spec samples.md section 3, "EPI
 * row": id, type, manufacturer, model, number), a list that always keeps
 * one row. For the type tabs (Memória de campo): `value` is the block's
 * `epis`, `onChange` gives the new list.
 */
import { TextInput } from '@mantine/core';
import { TEXT_LIMITS } from '@sync/contract/fields';
import { OneRowList } from '@/ui/rows';

export interface EpiRow {
  id?: number | string | null;
  type: string;
  manufacturer: string;
  model: string;
  number: string;
}

export const EPI_LABELS = { list: 'EPIs', type: 'Tipo de EPI', manufacturer: 'Fabricante', model: 'Modelo', number: 'Nº do CA' } as const;

export const blankEpi = (): EpiRow => ({ type: '', manufacturer: '', model: '', number: '' });

const FIELDS = ['type', 'manufacturer', 'model', 'number'] as const;

export function EpiRows({
  value,
  onChange,
  readOnly,
}: {
  value: readonly EpiRow[] | null | undefined;
  onChange(rows: EpiRow[]): void;
  readOnly: boolean;
}) {
  return (
    <OneRowList
      label={EPI_LABELS.list}
      rows={value}
      blank={blankEpi}
      onChange={onChange}
      readOnly={readOnly}
      renderRow={(row, index, change) =>
        FIELDS.map((field) => (
          <TextInput
            key={field}
            label={EPI_LABELS[field]}
            name={`epis.${index}.${field}`}
            value={row[field] ?? ''}
            maxLength={TEXT_LIMITS.line}
            readOnly={readOnly}
            onChange={(event) => change({ [field]: event.currentTarget.value })}
            style={{ flex: '1 1 160px' }}
            styles={{ input: { minHeight: 44 } }}
          />
        ))
      }
    />
  );
}
