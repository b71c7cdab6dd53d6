import {
  type CustomerImport,
  type CustomerImportListItem,
  type ImportPreview,
  importOptionsSchema,
  type Locale,
  resolveLocale,
  translate,
} from '@omnichat/contracts';
import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { Actor } from '../../../platform/auth/actor.ts';
import { toUnixSeconds } from '../../../platform/db/columns.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { totalOf, totalOver } from '../../../platform/db/paging.ts';
import { AppError, badRequest, notFound } from '../../../platform/errors.ts';
import { users } from '../../../platform/identity/users.tables.ts';
import { workspaces } from '../../../platform/identity/workspaces.tables.ts';
import { defineJob, type JobContext } from '../../../platform/jobs/job-definition.ts';
import type { AppJob } from '../../../platform/modules/define-module.ts';
import { loadFields } from '../customer-query.ts';
import { type CustomerImportRow, customerImports } from '../customers.tables.ts';
import { announceTagsAdded } from '../tags-added.ts';
import { type ImportState, importChunk, resolveTargets, rowIssues, targetKeys } from './import-rows.ts';
import { type ParsedFile, parseFile } from './parse-file.ts';
import { formatOf, type ImportFormat, looksLike, UnreadableFile } from './read-file.ts';
import { readRow } from './read-row.ts';

const errorsOf = (result: { issues: { level: string }[] }) =>
  result.issues.filter((issue) => issue.level === 'error').length;

/** The unique values earlier rows gave, read again when a retried import resumes after them. */
function rememberRows(state: ImportState, chunk: string[][], firstRow: number) {
  chunk.forEach((cells, index) => {
    try {
      const row = readRow(cells, state);
      for (const [column, value] of Object.entries(row?.values ?? {}))
        if (value && UNIQUE_COLUMNS.has(column) && !state.firstRows.has(`${column}:${value}`))
          state.firstRows.set(`${column}:${value}`, firstRow + index);
    } catch {
      // a refused row gave nothing
    }
  });
}
const UNIQUE_COLUMNS = new Set(['email', 'phone', 'whatsappId', 'facebookId', 'instagramId']);

/** Rows written per transaction: progress moves in these steps, and a retried job resumes after the last one. */
export const IMPORT_CHUNK = 500;
const ERRORS_KEPT = 10_000;
const ERRORS_SHOWN = 1_000;
const PREVIEW_ROWS = 5;
const PREVIEW_CHECKED = 100;

// Reports and progress never read the stored file back (up to 20 MB), and progress not the kept errors either:
// a chunk's update returning them made every one of an import's hundreds of chunks copy the file.
const { file: _file, ...reportColumns } = getTableColumns(customerImports);
const { errors: _errors, ...progressColumns } = reportColumns;
type ImportReport = Omit<CustomerImportRow, 'file'>;
type ImportProgress = Omit<ImportReport, 'errors'> & { errors?: ImportReport['errors'] };

export const toImportDto = (row: ImportProgress, errorsShown = ERRORS_SHOWN): CustomerImport => ({
  job_id: row.id,
  file_name: row.fileName,
  status: row.status,
  total: row.total,
  processed: row.processed,
  created: row.created,
  updated: row.updated,
  skipped: row.skipped,
  errors: (row.errors ?? []).slice(0, errorsShown).map((issue) => ({ ...issue, level: issue.level ?? 'error' })),
  error_count: row.errorCount,
  warning_count: row.warningCount,
  failure: row.failure,
  created_at: toUnixSeconds(row.createdAt),
  updated_at: toUnixSeconds(row.updatedAt),
});

export interface UploadedImport {
  fileName: string;
  bytes: Uint8Array;
  /** the `options` field: JSON text */
  options: string | undefined;
}

export type CustomerImportService = ReturnType<typeof createCustomerImportService>;

const IMPORT_ATTEMPTS = 3;
/** One import, read and written a chunk per transaction on the `imports` queue; a retry resumes after the last. */
export const customerImportJob = defineJob({
  name: 'customers.import',
  version: 1,
  queue: 'imports',
  payload: z.object({ import_id: z.uuid() }),
  maxAttempts: IMPORT_ATTEMPTS,
  handle: ({ import_id }, job: AppJob) => createCustomerImportService(job.app).runJob(import_id, job),
});

export function createCustomerImportService(ctx: AppContext) {
  const { database, jobs, sockets } = ctx;

  async function report(tx: Tx, id: string) {
    const [row] = await tx.select(reportColumns).from(customerImports).where(eq(customerImports.id, id));
    return row as ImportReport | undefined;
  }

  /** Tells the importer's open tabs how far the import is (each chunk, and at the end). */
  const announce = (row: ImportProgress) => sockets.toUser(row.userId, 'customer_import.progress', toImportDto(row, 0));

  async function run(importId: string, inWorkspace: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>) {
    const current = await inWorkspace(async (tx) => {
      const [row] = await tx
        .update(customerImports)
        .set({ status: 'running', updatedAt: new Date() })
        .where(eq(customerImports.id, importId))
        .returning();
      return row;
    });
    if (!current?.file || current.status === 'done') return;
    const locale = resolveLocale(current.locale) as Locale;
    const options = importOptionsSchema.parse(current.options);
    // the tags it adds are announced as added by whoever started it
    const importActor: Actor = { type: 'user', id: current.userId, name: '', ip: '' };
    const finish = async (changes: Partial<CustomerImportRow>) => {
      const row = await inWorkspace(async (tx) => {
        const [done] = await tx
          .update(customerImports)
          .set({ ...changes, file: null, updatedAt: new Date() })
          .where(eq(customerImports.id, importId))
          .returning(progressColumns);
        return done!;
      });
      announce(row);
    };

    let file: ParsedFile;
    try {
      file = await parseFile(current.file, current.format as ImportFormat, options.encoding);
    } catch (error) {
      if (!(error instanceof UnreadableFile)) throw error;
      return finish({ status: 'failed', failure: translate(error.key, locale) });
    }
    try {
      await importFile(file);
    } finally {
      await file.close();
    }

    async function importFile({ header, total, rows }: ParsedFile) {
      const setup = await inWorkspace(async (tx) => {
        const fields = await loadFields(tx);
        const [workspace] = await tx
          .select({ country: workspaces.defaultCountry })
          .from(workspaces)
          .where(eq(workspaces.id, current!.workspaceId));
        return { fields, country: workspace?.country ?? null };
      });
      let state: ImportState;
      try {
        state = {
          workspaceId: current!.workspaceId,
          locale,
          defaultCountry: setup.country,
          header,
          targets: resolveTargets(header, options.mapping, setup.fields),
          options: { match_by: options.match_by, on_match: options.on_match },
          tags: new Map(),
          firstRows: new Map(),
        };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return finish({ status: 'failed', failure: translate(error.key, locale, error.params) });
      }

      // a retried job resumes after the last chunk that committed (the rows before it are read again only for
      // the e-mails, phones and ids they gave, so a duplicate later in the file still names its earlier row)
      for (let start = 0; start < current!.processed; start += IMPORT_CHUNK) {
        const chunk = await rows(start, Math.min(start + IMPORT_CHUNK, current!.processed));
        rememberRows(state, chunk, start + 2);
      }
      for (let start = current!.processed; start < total; start += IMPORT_CHUNK) {
        const chunk = await rows(start, Math.min(start + IMPORT_CHUNK, total));
        const row = await inWorkspace(async (tx) => {
          const result = await importChunk(tx, state, chunk, start + 2, importId);
          await announceTagsAdded(ctx.events, tx, current!.workspaceId, importActor, result.tagsAdded);
          const [updated] = await tx
            .update(customerImports)
            .set({
              total,
              processed: start + chunk.length,
              created: sql`${customerImports.created} + ${result.created}`,
              updated: sql`${customerImports.updated} + ${result.updated}`,
              skipped: sql`${customerImports.skipped} + ${result.skipped}`,
              errorCount: sql`${customerImports.errorCount} + ${errorsOf(result)}`,
              warningCount: sql`${customerImports.warningCount} + ${result.issues.length - errorsOf(result)}`,
              errors: sql`case when jsonb_array_length(${customerImports.errors}) < ${ERRORS_KEPT}
              then ${customerImports.errors} || ${JSON.stringify(result.issues)}::jsonb else ${customerImports.errors} end`,
              updatedAt: new Date(),
            })
            .where(eq(customerImports.id, importId))
            .returning(progressColumns);
          return updated!;
        });
        announce(row);
      }
      await finish({ status: 'done', total });
    }
  }

  /** The import job's run; its last attempt ends the import as failed, keeping what committed chunks imported. */
  async function runJob(import_id: string, job: JobContext) {
    try {
      await run(import_id, job.inWorkspace);
    } catch (error) {
      if (job.attempt >= IMPORT_ATTEMPTS) {
        const row = await job.inWorkspace(async (tx) => {
          const current = await report(tx, import_id);
          if (!current) return undefined;
          const failure = translate('server_error', resolveLocale(current.locale));
          const [failed] = await tx
            .update(customerImports)
            .set({ status: 'failed', failure, file: null, updatedAt: new Date() })
            .where(eq(customerImports.id, import_id))
            .returning(progressColumns);
          return failed;
        });
        if (row) announce(row);
      }
      throw error;
    }
  }

  /** The checks of an upload before anything is read: a file of a known type that looks like one, and its options. */
  function checkUpload(upload: UploadedImport | null) {
    if (!upload) throw badRequest('import_file_required');
    const format = formatOf(upload.fileName);
    if (!format || !looksLike(upload.bytes, format)) throw badRequest('invalid_file_type');
    let rawOptions: unknown;
    try {
      rawOptions = JSON.parse(upload.options ?? '{}');
    } catch {
      throw badRequest('import_options_invalid');
    }
    const parsed = importOptionsSchema.safeParse(rawOptions);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const key = issue.message === 'import_match_required' ? 'import_match_required' : 'request_invalid';
      throw new AppError(400, key, {}, { [`options.${issue.path.join('.')}`]: { key } });
    }
    return { upload, format, options: parsed.data };
  }

  /** What the file holds and how it would be read, without importing it. */
  async function preview(workspaceId: string, locale: Locale, raw: UploadedImport | null): Promise<ImportPreview> {
    const { upload, format, options } = checkUpload(raw);
    let file: ParsedFile;
    try {
      file = await parseFile(upload.bytes, format, options.encoding);
    } catch (error) {
      if (error instanceof UnreadableFile) throw badRequest(error.key);
      throw error;
    }
    const { header, total } = file;
    const data = await file.rows(0, Math.min(PREVIEW_CHECKED, total)).finally(() => file.close());
    return database.withWorkspace(workspaceId, async (tx) => {
      const fields = await loadFields(tx);
      const [workspace] = await tx
        .select({ country: workspaces.defaultCountry })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId));
      const targets = resolveTargets(header, options.mapping, fields);
      const state: ImportState = {
        workspaceId,
        locale,
        defaultCountry: workspace?.country ?? null,
        header,
        targets,
        options: { match_by: options.match_by, on_match: options.on_match },
        tags: new Map(),
        firstRows: new Map(),
      };
      const problems = data
        .slice(0, PREVIEW_CHECKED)
        .flatMap((cells, index) => rowIssues(cells, state).map((issue) => ({ row: index + 2, ...issue })));
      return { header, rows: data.slice(0, PREVIEW_ROWS), total, mapping: targetKeys(targets), problems };
    });
  }

  /** Stores the file and its options and queues the import; answers its id (SPEC 5 checks first). */
  async function start(workspaceId: string, userId: string, locale: Locale, raw: UploadedImport | null) {
    const { upload, format, options } = checkUpload(raw);
    return database.withWorkspace(workspaceId, async (tx) => {
      const fields = await loadFields(tx);
      // a mapping onto something that is not a field is refused now rather than failing in the background
      resolveTargets(Object.keys(options.mapping ?? {}), options.mapping, fields);
      const [row] = await tx
        .insert(customerImports)
        .values({
          workspaceId,
          userId,
          fileName: upload.fileName.slice(0, 255),
          format,
          locale,
          options,
          file: upload.bytes,
        })
        .returning({ id: customerImports.id });
      await jobs.enqueue(customerImportJob, { import_id: row!.id }, { tx });
      return { job_id: row!.id };
    });
  }

  async function status(workspaceId: string, id: string): Promise<CustomerImport> {
    const row = await database.withWorkspace(workspaceId, (tx) => report(tx, id));
    if (!row) throw notFound();
    return toImportDto(row);
  }

  /** The organization's imports, newest first, with who started each (no report rows). */
  async function recent(workspaceId: string, page: number, size: number) {
    return database.withWorkspace(workspaceId, async (tx) => {
      const rows = await tx
        .select({ ...progressColumns, userName: users.displayName, username: users.username, total_: totalOver() })
        .from(customerImports)
        .leftJoin(users, eq(users.id, customerImports.userId))
        .orderBy(desc(customerImports.createdAt), desc(customerImports.id))
        .limit(size)
        .offset((page - 1) * size);
      const total = await totalOf(
        rows.map((row) => ({ total: row.total_ })),
        page,
        () => tx.$count(customerImports),
      );
      const items: CustomerImportListItem[] = rows.map(({ userName, username, total_: _, ...row }) => ({
        ...toImportDto(row, 0),
        user_name: userName?.trim() || username || null,
      }));
      return { items, page: { page, size, total, total_pages: Math.ceil(total / size) } };
    });
  }

  /** Every row with an error or a warning kept, for the downloadable report. */
  async function errors(workspaceId: string, id: string) {
    const row = await database.withWorkspace(workspaceId, (tx) => report(tx, id));
    if (!row) throw notFound();
    return row;
  }

  return { preview, start, status, recent, errors, run, runJob };
}
