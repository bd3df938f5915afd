import { CompiledQuery, sql } from 'kysely';
import type { Insertable, Kysely } from 'kysely';
import { dialectOf } from '../database.ts';
import type { DB, TableName } from '../schema.ts';

export type Row<T extends TableName> = Insertable<DB[T]>;
type AnyDb = Kysely<DB>;

/**
 * Host parameters per statement: SQLite allows 32 766, PostgreSQL 65 535. Staying under
 * both keeps one code path while keeping statements few.
 */
const MAX_PARAMETERS = 30_000;
/** Rows per PostgreSQL `unnest` statement (one array parameter per column, no parameter limit). */
const PG_ROWS_PER_STATEMENT = 20_000;

type Value = string | number | bigint | null;

/** Whether a value binds as it is on both databases (what the seed writes: text, numbers, null). */
const bindable = (value: unknown): boolean =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint';

/** The columns of the rows when every row has exactly these, all bindable as they are; else undefined. */
function uniformColumns(rows: readonly Record<string, unknown>[]): string[] | undefined {
  const first = rows[0];
  if (first === undefined) return undefined;
  const columns = Object.keys(first);
  for (const row of rows) {
    if (row !== first && Object.keys(row).length !== columns.length) return undefined;
    for (const column of columns) if (!bindable(row[column])) return undefined;
  }
  return columns;
}

const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** PostgreSQL column types per table (as `format_type` spells them), read once per handle. */
const pgColumnTypes = new WeakMap<object, Map<string, Map<string, string>>>();

async function columnTypesOf(db: AnyDb, table: string): Promise<Map<string, string>> {
  const key = db.getExecutor();
  let tables = pgColumnTypes.get(key);
  if (tables === undefined) {
    tables = new Map();
    pgColumnTypes.set(key, tables);
  }
  let types = tables.get(table);
  if (types === undefined) {
    const result = await sql<{ name: string; type: string }>`
      select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
      where attrelid = to_regclass(${table}) and attnum > 0 and not attisdropped`.execute(db);
    types = new Map(result.rows.map((row) => [row.name, row.type]));
    tables.set(table, types);
  }
  return types;
}

/**
 * Inserts rows of identical shape without the query builder (whose compilation of large
 * multi-row inserts costs more than SQLite's work): on SQLite multi-row VALUES of one text per
 * batch size (the handle keeps the statement prepared), on PostgreSQL `insert … select from
 * unnest(array per column)` (one parameter per column, parsed and planned once per batch).
 */
async function insertUniformRows(
  db: AnyDb,
  table: string,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const columnList = columns.map(quoted).join(', ');
  if (dialectOf(db) === 'postgres') {
    const types = await columnTypesOf(db, table);
    const casts = columns.map((column, index) => {
      const type = types.get(column);
      if (type === undefined) throw new Error(`Unknown column ${table}.${column}`);
      return `$${index + 1}::${type}[]`;
    });
    const text = `insert into ${quoted(table)} (${columnList}) select * from unnest(${casts.join(', ')})`;
    for (let offset = 0; offset < rows.length; offset += PG_ROWS_PER_STATEMENT) {
      const batch = rows.slice(offset, offset + PG_ROWS_PER_STATEMENT);
      const arrays = columns.map((column) => batch.map((row) => row[column] as Value));
      await db.executeQuery(CompiledQuery.raw(text, arrays));
    }
    return;
  }
  const rowsPerStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, columns.length)));
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const texts = new Map<number, string>();
  for (let offset = 0; offset < rows.length; offset += rowsPerStatement) {
    const batch = rows.slice(offset, offset + rowsPerStatement);
    let text = texts.get(batch.length);
    if (text === undefined) {
      text = `insert into ${quoted(table)} (${columnList}) values ${Array.from({ length: batch.length }, () => tuple).join(', ')}`;
      texts.set(batch.length, text);
    }
    const parameters: Value[] = new Array<Value>(batch.length * columns.length);
    let index = 0;
    for (const row of batch) for (const column of columns) parameters[index++] = row[column] as Value;
    await db.executeQuery(CompiledQuery.raw(text, parameters));
  }
}

/** Inserts rows in as few multi-row statements as the parameter limit allows. */
export async function insertRows<T extends TableName>(
  db: AnyDb,
  table: T,
  rows: readonly Row<T>[],
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const uniform = uniformColumns(rows);
  if (uniform !== undefined) {
    await insertUniformRows(db, table, uniform, rows);
    return;
  }
  const columns = Object.keys(first).length;
  const batchSize = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, columns)));
  for (let offset = 0; offset < rows.length; offset += batchSize) {
    const batch = rows.slice(offset, offset + batchSize);
    // Kysely cannot relate a generic table name to its row type; the rows are typed by `Row<T>`.
    await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto(table)
      .values(batch)
      .execute();
  }
}

/** Hands out explicit ids, continuing after the highest id already in each table. */
export class IdAllocator {
  private readonly nextIds = new Map<TableName, number>();

  private constructor() {}

  static async create(db: AnyDb, tables: readonly TableName[]): Promise<IdAllocator> {
    const allocator = new IdAllocator();
    for (const table of tables) {
      const result = await sql<{
        max_id: number | null;
      }>`select max(id) as max_id from ${sql.table(table)}`.execute(db);
      allocator.nextIds.set(table, Number(result.rows[0]?.max_id ?? 0) + 1);
    }
    return allocator;
  }

  next(table: TableName): number {
    const id = this.nextIds.get(table);
    if (id === undefined) throw new Error(`IdAllocator was not created for table ${table}`);
    this.nextIds.set(table, id + 1);
    return id;
  }

  tables(): TableName[] {
    return [...this.nextIds.keys()];
  }
}

/**
 * After rows were inserted with explicit ids, PostgreSQL identity sequences still point at
 * 1; move them past the highest id. (SQLite's autoincrement follows explicit ids itself.)
 */
export async function syncIdSequences(db: AnyDb, tables: readonly TableName[]): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of tables) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}

export type Runner = (work: (db: AnyDb) => Promise<void>) => Promise<void>;

/**
 * Buffers rows per table and writes them in dependency order (the order given), so that a
 * generator can stream millions of rows with bounded memory. `runner` decides the
 * transaction: the demo seed writes everything inside its one transaction; the large-data
 * generator commits each flush in its own transaction.
 */
export class RowSink {
  private readonly buffers = new Map<TableName, Row<TableName>[]>();
  private buffered = 0;
  readonly written = new Map<TableName, number>();

  constructor(
    private readonly order: readonly TableName[],
    private readonly runner: Runner,
    private readonly flushEvery = Number.POSITIVE_INFINITY,
    private readonly onFlush?: (written: ReadonlyMap<TableName, number>) => void,
  ) {}

  add<T extends TableName>(table: T, row: Row<T>): void {
    if (!this.order.includes(table)) throw new Error(`RowSink does not know table ${table}`);
    let buffer = this.buffers.get(table);
    if (buffer === undefined) {
      buffer = [];
      this.buffers.set(table, buffer);
    }
    buffer.push(row);
    this.buffered++;
  }

  async flushIfFull(): Promise<void> {
    if (this.buffered >= this.flushEvery) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.buffered === 0) return;
    const pending = this.order.map((table) => [table, this.buffers.get(table) ?? []] as const);
    this.buffers.clear();
    this.buffered = 0;
    await this.runner(async (db) => {
      for (const [table, rows] of pending) {
        await insertRows(db, table, rows);
        this.written.set(table, (this.written.get(table) ?? 0) + rows.length);
      }
    });
    this.onFlush?.(this.written);
  }
}
