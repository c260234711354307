/** The endpoint line and reference tables of API method pages, one chunk (loaded on client navigation). */
export { EndpointLine } from './EndpointLine.tsx';
export { OperationTables } from './OperationTables.tsx';
