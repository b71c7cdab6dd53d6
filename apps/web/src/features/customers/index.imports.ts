/**
 * The customer imports' parts other features reuse (an uploaded list of a broadcast). Apart from index.ts: the
 * report table brings the customers' texts in every language, which the pages importing only index.ts (the chat's
 * customer search) should not load.
 */
export { startImport } from './customers-api.ts';
export { ReportTable } from './ImportReport.tsx';
export { useImportJob } from './use-import-job.ts';
