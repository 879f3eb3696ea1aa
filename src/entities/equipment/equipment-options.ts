/**
 * The equipment to choose from in a picker: the local equipment list as
 * select options, named with the serial number and flagged when the
 * calibration has expired, so an expired instrument is never picked blind.
 */
import type { LocalEquipment } from '@sync/react';
import { expiryStatus } from './expiry';

export interface EquipmentOption {
  value: string;
  label: string;
}

export function equipmentLabel(equipment: Pick<LocalEquipment, 'name' | 'serial_number'>): string {
  const serial = equipment.serial_number?.trim();
  return serial ? `${equipment.name} (nº ${serial})` : equipment.name;
}

export function equipmentOptions(equipment: readonly LocalEquipment[], today: string): EquipmentOption[] {
  return [...equipment]
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
    .map((item) => {
      const expired = expiryStatus(item.expiration_date, today) === 'expired';
      return { value: item.key, label: expired ? `${equipmentLabel(item)} · vencido` : equipmentLabel(item) };
    });
}
