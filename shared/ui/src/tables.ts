// @portal/ui/tables — the data table and its pagination.
// Shared by Module Federation as a singleton provided by the shell, one per group, so a page
// loads the groups it renders (see README.md). A table's selection and page-size controls come
// from the form-controls group, which loads with it.

export { Table, type TableProps, type TableColumn } from './tables/Table.js';
export { Pagination, type PaginationProps } from './tables/Pagination.js';
