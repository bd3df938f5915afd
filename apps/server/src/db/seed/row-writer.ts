import { sql } from 'kysely';
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

/** Inserts rows in as few multi-row statements as the parameter limit allows. */
export async function insertRows<T extends TableName>(
  db: AnyDb,
  table: T,
  rows: readonly Row<T>[],
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
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
