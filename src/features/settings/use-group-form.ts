/**
 * The form of one group of options (company data, print texts, system
 * variables): a schema-driven form (`useSchemaForm`) whose fields are the
 * group's fields and whose rules are the contract's (SETTING_RULES, the
 * same the server applies). Spec section 5, company form: fields show
 * valid or invalid after the first attempt to save and are re-checked on
 * every change from then on; saving is blocked while anything is invalid.
 * The server's per-option messages (`company_cnpj`) land on the fields.
 */
import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { SETTING_RULES } from '@sync/contract/settings-groups';
import { settingName, type SettingPrefix } from '@sync/contract/settings';
import { type SchemaFieldProps, useSchemaForm } from '@/ui/forms';

export type GroupValues = Record<string, string>;

function groupSchema(prefix: SettingPrefix, fields: readonly string[]) {
  return z.object(Object.fromEntries(fields.map((field) => [field, SETTING_RULES.get(settingName(prefix, field)) ?? z.string()])));
}

export type FieldStatus = 'valid' | 'invalid' | undefined;

export function useGroupForm(prefix: SettingPrefix, fields: readonly string[], initial: () => GroupValues) {
  const schema = useMemo(() => groupSchema(prefix, fields), [prefix, fields]);
  const fieldNames = useMemo(() => Object.fromEntries(fields.map((field) => [settingName(prefix, field), field])), [prefix, fields]);
  const editor = useSchemaForm(schema, initial, { fieldNames });
  const [attempted, setAttempted] = useState(false);
  const values = editor.form.values;

  // After the first attempt every change re-checks the whole form, so each field's state is always current.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the values are what triggers the check.
  useEffect(() => {
    if (attempted) editor.form.validate();
  }, [attempted, values]);

  /** The options to save, or null (the messages are at the fields) while anything is invalid. */
  const read = (): Array<{ option: string; value: string }> | null => {
    setAttempted(true);
    const result = editor.read();
    if (!result.ok) return null;
    const output = result.output as GroupValues;
    return fields.map((field) => ({ option: settingName(prefix, field), value: output[field] ?? '' }));
  };

  const status = (field: string): FieldStatus => {
    if (!attempted) return undefined;
    return editor.form.errors[field] ? 'invalid' : 'valid';
  };

  const field = (name: string): SchemaFieldProps => editor.field(name as never);

  return { editor, form: editor.form, values: values as GroupValues, field, read, status, attempted };
}

/** Values of a group from the device's settings (absent options are empty). */
export function groupValues(prefix: SettingPrefix, fields: readonly string[], map: Readonly<Record<string, string>>): GroupValues {
  return Object.fromEntries(fields.map((field) => [field, map[settingName(prefix, field)] ?? '']));
}
