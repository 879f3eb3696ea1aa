/**
 * The fields of the equipment form: name, category (with 'Nova categoria'
 * and 'Editar categoria'), serial number, calibration certificate, expiry
 * date (DD/MM/YYYY, with a red warning once it has passed) and type.
 */
import { ActionIcon, Alert, Group, Select, SimpleGrid, TextInput, Tooltip } from '@mantine/core';
import type { LocalEquipmentCategory } from '@sync/react';
import { expiryStatus } from '@/entities/equipment';
import type { SchemaForm } from '@/ui/forms';
import { DateInputBR, parseDateText, todayIso } from '@/ui/inputs';
import type { equipmentFormSchema } from './equipment-form';
import { EQUIPMENT_TEXTS } from './equipment-texts';

export interface EquipmentFieldsProps {
  form: SchemaForm<typeof equipmentFormSchema>;
  categories: readonly LocalEquipmentCategory[];
  onNewCategory: () => void;
  onEditCategory: (category: LocalEquipmentCategory) => void;
}

export function EquipmentFields({ form, categories, onNewCategory, onEditCategory }: EquipmentFieldsProps) {
  const texts = EQUIPMENT_TEXTS.fields;
  const { values, field } = form;
  const selected = categories.find((category) => category.key === values.category_key);
  const expiry = parseDateText(values.expiration_date);
  const expired = expiry.ok && expiryStatus(expiry.iso, todayIso()) === 'expired';
  const categoryData = [...categories]
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
    .map((category) => ({ value: category.key, label: category.name }));
  const categoryError = form.form.errors.category_key;

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={texts.name} {...field('name')} required />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Select
            label={texts.category}
            placeholder={values.category_id != null ? `#${values.category_id}` : EQUIPMENT_TEXTS.categoryPlaceholder}
            data={categoryData}
            {...field('category_key')}
            // Picking a category replaces the one only known by id.
            onChange={(key) => form.form.setValues({ category_key: key, category_id: null })}
            searchable
            clearable
            nothingFoundMessage={EQUIPMENT_TEXTS.noCategories}
            style={{ flex: 1 }}
          />
          <Tooltip label={EQUIPMENT_TEXTS.newCategory}>
            <ActionIcon variant="light" size="lg" aria-label={EQUIPMENT_TEXTS.newCategory} onClick={onNewCategory} mb={categoryError ? 22 : 0}>
              +
            </ActionIcon>
          </Tooltip>
          <Tooltip label={EQUIPMENT_TEXTS.editCategory}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={EQUIPMENT_TEXTS.editCategory}
              disabled={!selected}
              onClick={() => selected && onEditCategory(selected)}
              mb={categoryError ? 22 : 0}
            >
              ✎
            </ActionIcon>
          </Tooltip>
        </Group>
        <TextInput label={texts.serial} {...field('serial_number')} />
        <TextInput label={texts.certificate} {...field('calibration_certificate')} />
        <DateInputBR label={texts.expiry} {...field('expiration_date')} />
        <Select label={texts.type} data={[...EQUIPMENT_TEXTS.typeOptions]} {...field('type')} clearable />
      </SimpleGrid>
      {expired ? (
        <Alert color="red" variant="light" title={EQUIPMENT_TEXTS.expiredTitle} role="alert">
          {EQUIPMENT_TEXTS.expiredText}
        </Alert>
      ) : null}
    </>
  );
}
