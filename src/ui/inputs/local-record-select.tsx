/**
 * A searchable select over a list kept on the device (customers, agents,
 * services, costs): the record's name, at most `limit` options shown (spec
 * section 9: autocompletes show 10), offline. The search runs on the local
 * list as the user types: the spec's 500 ms debounce spared the server, and
 * there is no server call here. A line whose record is gone from the device
 * (deleted, or not pulled yet) still shows the name it was saved with.
 */
import { Select, type SelectProps } from '@mantine/core';
import { useLocalList } from '@sync/react/use-local-record';
import type { ResourceName, ResourceRecordMap } from '@sync/react';

type Named = { key: string; id: number | null; name: string };
type NamedResource = { [R in ResourceName]: ResourceRecordMap[R] extends Named ? R : never }[ResourceName];

export const LOCAL_SELECT_TEXTS = { nothingFound: 'Nenhum resultado encontrado' } as const;
const SAVED_NAME = '__saved_name__';

export interface LocalRecordSelectProps<R extends NamedResource> extends Omit<SelectProps, 'value' | 'onChange' | 'data'> {
  resource: R;
  /** What is chosen: by local key, else by server id, else only a saved name. */
  value: { key: string | null; id: number | null; name: string };
  onChange: (record: ResourceRecordMap[R] | null) => void;
  limit?: number;
  /** Which records are offered (the agents of one type); every one by default. */
  only?: (record: ResourceRecordMap[R]) => boolean;
}

export function LocalRecordSelect<R extends NamedResource>({ resource, value, onChange, limit = 10, only, ...props }: LocalRecordSelectProps<R>) {
  const list = useLocalList(resource);
  const all = (list.loading ? [] : list.rows) as unknown as Array<ResourceRecordMap[R] & Named>;
  const rows = only ? all.filter(only) : all;
  const chosen = rows.find((row) => value.key !== null && row.key === value.key) ?? rows.find((row) => value.id !== null && row.id === value.id);
  const data = rows.map((row) => ({ value: row.key, label: row.name }));
  if (!chosen && value.name.trim() !== '') data.unshift({ value: SAVED_NAME, label: value.name });
  return (
    <Select
      searchable
      clearable
      // Tapping the chosen record again keeps it (the × clears): a deselect on a second tap lost a planned agent.
      allowDeselect={false}
      limit={limit}
      nothingFoundMessage={LOCAL_SELECT_TEXTS.nothingFound}
      comboboxProps={{ withinPortal: true }}
      {...props}
      data={data}
      value={chosen ? chosen.key : value.name.trim() !== '' ? SAVED_NAME : null}
      onChange={(key) => {
        if (key === SAVED_NAME) return;
        onChange(key === null ? null : (rows.find((row) => row.key === key) ?? null));
      }}
    />
  );
}
