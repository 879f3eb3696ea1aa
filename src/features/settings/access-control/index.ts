/** Public face of the access-control tab: what the settings page renders, and the notice of the separate page. */
export { AccessControlTab } from './access-control-tab';
export { AdminOnlyNotice } from './admin-only-notice';
