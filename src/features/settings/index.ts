/** Public face of 'Configurações': the page the /admin/settings route renders. */
export { SettingsPage, type SettingsPageProps } from './settings-page';
