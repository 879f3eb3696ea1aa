/** Lists that always keep one row (EPIs, tasks, agents, deadlines). */
export { OneRowList, ONE_ROW_LIST_TEXTS, type OneRowListProps } from './one-row-list';
export { addRow, removeRow, replaceRow } from './one-row-list-rows';
