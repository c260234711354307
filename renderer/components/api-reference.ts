/** The reference tables of API method pages, one chunk (loaded on client navigation). */
export { OperationTables } from './OperationTables.tsx';
