/**
 * The fields of the equipment form: name, category (with 'Nova categoria'
 * and 'Editar categoria'), serial number, calibration certificate, expiry
 * date (DD/MM/YYYY, with a red warning once it has passed) and type.
 */
import { ActionIcon, Alert, Group, Select, SimpleGrid, TextInput, Tooltip } from '@mantine/core';
import type { LocalEquipmentCategory } from '../../../sync/store/registry/catalog-records';
import { expiryStatus } from '@/entities/equipment';
import { DateInputBR, parseDateText, todayIso } from '../../ui/inputs';
import type { EquipmentErrors, EquipmentType, EquipmentValues } from './equipment-form';
import { EQUIPMENT_TEXTS } from './equipment-texts';

export interface EquipmentFieldsProps {
  values: EquipmentValues;
  errors: EquipmentErrors;
  categories: readonly LocalEquipmentCategory[];
  onChange: (patch: Partial<EquipmentValues>, field: keyof EquipmentErrors) => void;
  onNewCategory: () => void;
  onEditCategory: (category: LocalEquipmentCategory) => void;
}

export function EquipmentFields({ values, errors, categories, onChange, onNewCategory, onEditCategory }: EquipmentFieldsProps) {
  const texts = EQUIPMENT_TEXTS.fields;
  const selected = categories.find((category) => category.key === values.categoryKey);
  const expiry = parseDateText(values.expiry);
  const expired = expiry.ok && expiryStatus(expiry.iso, todayIso()) === 'expired';
  const categoryData = [...categories]
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
    .map((category) => ({ value: category.key, label: category.name }));

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={texts.name}
          name="name"
          value={values.name}
          onChange={(event) => onChange({ name: event.currentTarget.value }, 'name')}
          error={errors.name}
          required
        />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Select
            label={texts.category}
            placeholder={values.categoryId !== null ? `#${values.categoryId}` : EQUIPMENT_TEXTS.categoryPlaceholder}
            data={categoryData}
            value={values.categoryKey}
            onChange={(key) => onChange({ categoryKey: key, categoryId: null }, 'category')}
            searchable
            clearable
            nothingFoundMessage={EQUIPMENT_TEXTS.noCategories}
            error={errors.category}
            style={{ flex: 1 }}
          />
          <Tooltip label={EQUIPMENT_TEXTS.newCategory}>
            <ActionIcon variant="light" size="lg" aria-label={EQUIPMENT_TEXTS.newCategory} onClick={onNewCategory} mb={errors.category ? 22 : 0}>
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
              mb={errors.category ? 22 : 0}
            >
              ✎
            </ActionIcon>
          </Tooltip>
        </Group>
        <TextInput
          label={texts.serial}
          name="serial_number"
          value={values.serialNumber}
          onChange={(event) => onChange({ serialNumber: event.currentTarget.value }, 'serialNumber')}
          error={errors.serialNumber}
        />
        <TextInput
          label={texts.certificate}
          name="calibration_certificate"
          value={values.certificate}
          onChange={(event) => onChange({ certificate: event.currentTarget.value }, 'certificate')}
          error={errors.certificate}
        />
        <DateInputBR
          label={texts.expiry}
          name="expiration_date"
          value={values.expiry}
          onChange={(text) => onChange({ expiry: text }, 'expiry')}
          error={errors.expiry}
        />
        <Select
          label={texts.type}
          data={[...EQUIPMENT_TEXTS.typeOptions]}
          value={values.type}
          onChange={(type) => onChange({ type: type as EquipmentType | null }, 'type')}
          clearable
          error={errors.type}
        />
      </SimpleGrid>
      {expired ? (
        <Alert color="red" variant="light" title={EQUIPMENT_TEXTS.expiredTitle} role="alert">
          {EQUIPMENT_TEXTS.expiredText}
        </Alert>
      ) : null}
    </>
  );
}
