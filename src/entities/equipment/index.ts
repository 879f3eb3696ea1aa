/** Equipment shared by several screens: calibration expiry, the picker options, the equipment list of agents and services. */
export { expiryStatus, type ExpiryStatus } from './expiry';
export { useCalibrationAlertDays, TIME_ALERT_OPTION } from './use-calibration-alert-days';
export { ExpiryBadge, EXPIRY_LABELS } from './expiry-badge';
export { equipmentLabel, equipmentOptions, type EquipmentOption } from './equipment-options';
export { EquipmentLineModal, LINE_TEXTS, type LineDraft, type EquipmentLineModalProps } from './equipment-line-modal';
export { EquipmentLinesSection, LINES_TEXTS, type EquipmentLinesSectionProps } from './equipment-lines-section';
export {
  CalibrationPicker,
  calibrationCopy,
  CALIBRATION_PICKER_TEXTS,
  EMPTY_CALIBRATION_COPY,
  type CalibrationCopy,
  type CalibrationEquipmentType,
  type CalibrationPickerProps,
} from './calibration-picker';
export { recentEquipment, NO_RECENT_EQUIPMENT, type RecentEquipment, type UsedEquipment, type SampleUse } from './recent-instruments';
export { CalibrationNotice, CALIBRATION_NOTICE_TEXTS, type CalibrationNoticeProps } from './calibration-notice';
