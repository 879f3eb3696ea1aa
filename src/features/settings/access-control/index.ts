/** Public face of the access-control tab: what the settings page renders. */
export { AccessControlTab } from './access-control-tab';
