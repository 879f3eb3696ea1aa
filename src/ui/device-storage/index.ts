/** The device's storage: the hook that reads it and the low-space warning. */
export { LowStorageWarning } from './low-storage-warning';
export { type DeviceStorageState, useDeviceStorage } from './use-device-storage';
