/** Lists that always keep one row (EPIs, tasks, agents): the rules and the component. */
export { withOneRow, addRow, removeRow, changeRow } from './one-row-list';
export { OneRowList, ROW_LIST_TEXTS, type OneRowListProps } from './one-row-list-view';
