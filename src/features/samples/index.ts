/**
 * The samples area (issue 13): the list grouped by quotation, a
 * quotation's samples, and the sample page with its five tabs, whose
 * contents come from the per-type registry (sample-tabs.ts), all on the
 * local store, offline; and the review and approval of a sample (review/:
 * its state, Finalizar, the review steps, the history, and the public
 * verification page, which its route imports directly to stay small).
 */
export { SampleGroupsPage, type SampleGroupsPageProps } from './sample-groups-page';
export { SampleListPage, type SampleListPageProps } from './sample-list-page';
export { SampleEditPage, type SampleEditPageProps } from './sample-edit-page';
export type { SampleTabProps, SampleTypeTabs } from './sample-tab-types';
