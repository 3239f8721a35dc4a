/**
 * The tables of the sessions database, defined once for both stores. `sqlite-schema.ts` and
 * `postgres-schema.ts` turn them into each engine's DDL; the columns, keys and indexes are the same,
 * only the types and the table names (prefixed `reins_` in Postgres, whose database is often shared)
 * differ. Times are ISO-8601 text in both, so both stores order runs alike.
 */

/** A column's type; `flag` is `INTEGER` (0/1) in SQLite, `BOOLEAN` in Postgres. */
export type ColumnType = 'text' | 'integer' | 'flag';

export interface ColumnDefinition {
  readonly name: string;
  readonly type: ColumnType;
  readonly notNull?: boolean;
  readonly defaultValue?: string;
  /** The column is the table's whole primary key. */
  readonly primaryKey?: boolean;
  /** `table (column)`, deleted with the row it points at. */
  readonly references?: { readonly table: string; readonly column: string };
}

export interface TableDefinition {
  /** The SQLite name; Postgres prefixes it with `reins_`. */
  readonly name: string;
  readonly columns: readonly ColumnDefinition[];
  /** A primary key over several columns. */
  readonly primaryKey?: readonly string[];
  /** Keyed rows that SQLite stores without a separate rowid (no effect in Postgres). */
  readonly withoutRowid?: boolean;
  readonly indexes?: readonly { readonly name: string; readonly columns: string }[];
}

export type Engine = 'sqlite' | 'postgres';

const text = (name: string, notNull = true): ColumnDefinition => ({ name, type: 'text', notNull });

export const SESSIONS_TABLES: readonly TableDefinition[] = [
  {
    name: 'runs',
    columns: [
      { name: 'id', type: 'text', primaryKey: true },
      text('question'),
      text('model', false),
      text('protocol', false),
      text('status'),
      text('meta'),
      text('created_at'),
      text('updated_at'),
      { name: 'record_count', type: 'integer', notNull: true, defaultValue: '0' },
      { name: 'owner_pid', type: 'integer' },
      text('owner_host', false),
      text('heartbeat_at', false),
    ],
    indexes: [{ name: 'runs_updated', columns: 'updated_at DESC, created_at DESC' }],
  },
  {
    name: 'records',
    columns: [
      { name: 'run_id', type: 'text', notNull: true, references: { table: 'runs', column: 'id' } },
      { name: 'seq', type: 'integer', notNull: true },
      text('at'),
      { name: 'step', type: 'integer', notNull: true },
      text('type'),
      text('body'),
      text('refs', false),
    ],
    primaryKey: ['run_id', 'seq'],
    withoutRowid: true,
  },
  { name: 'blobs', columns: [{ name: 'hash', type: 'text', primaryKey: true }, text('text')], withoutRowid: true },
  {
    name: 'evals',
    columns: [
      { name: 'id', type: 'text', primaryKey: true },
      text('model'),
      text('finished_at'),
      { name: 'interrupted', type: 'flag', notNull: true },
      text('recommended', false),
      text('summary'),
    ],
    indexes: [{ name: 'evals_model', columns: 'model, finished_at DESC' }],
  },
  {
    name: 'eval_outcomes',
    columns: [
      { name: 'eval_id', type: 'text', notNull: true, references: { table: 'evals', column: 'id' } },
      { name: 'seq', type: 'integer', notNull: true },
      text('variant'),
      text('task_id'),
      { name: 'correct', type: 'flag', notNull: true },
      text('body'),
    ],
    primaryKey: ['eval_id', 'seq'],
  },
];

/** A table's name in the engine's database. */
function tableName(engine: Engine, name: string): string {
  return engine === 'postgres' ? `reins_${name}` : name;
}

/** A column's SQL type in the engine. */
function columnType(engine: Engine, type: ColumnType): string {
  if (type === 'text') return 'TEXT';
  if (type === 'integer') return 'INTEGER';
  return engine === 'postgres' ? 'BOOLEAN' : 'INTEGER';
}

/** A column's definition as `CREATE TABLE` and `ALTER TABLE ... ADD COLUMN` take it. */
export function columnSql(engine: Engine, column: ColumnDefinition): string {
  const parts = [column.name, columnType(engine, column.type)];
  if (column.primaryKey) parts.push('PRIMARY KEY');
  if (column.notNull) parts.push('NOT NULL');
  if (column.defaultValue !== undefined) parts.push(`DEFAULT ${column.defaultValue}`);
  if (column.references) parts.push(`REFERENCES ${tableName(engine, column.references.table)} (${column.references.column}) ON DELETE CASCADE`);
  return parts.join(' ');
}

function tableSql(engine: Engine, table: TableDefinition): string {
  const lines = table.columns.map((column) => columnSql(engine, column));
  if (table.primaryKey) lines.push(`PRIMARY KEY (${table.primaryKey.join(', ')})`);
  const rowid = engine === 'sqlite' && table.withoutRowid ? ' WITHOUT ROWID' : '';
  const name = tableName(engine, table.name);
  const indexes = (table.indexes ?? []).map(
    (index) => `CREATE INDEX IF NOT EXISTS ${tableName(engine, index.name)} ON ${name} (${index.columns});`,
  );
  return [`CREATE TABLE IF NOT EXISTS ${name} (\n  ${lines.join(',\n  ')}\n)${rowid};`, ...indexes].join('\n');
}

/** The `CREATE TABLE` and `CREATE INDEX` statements of every table, for the engine (idempotent). */
export function sessionsTablesSql(engine: Engine): string {
  return SESSIONS_TABLES.map((table) => tableSql(engine, table)).join('\n') + '\n';
}

/** The columns of one table (none for an unknown name). */
export function columnsOf(name: string): readonly ColumnDefinition[] {
  return SESSIONS_TABLES.find((table) => table.name === name)?.columns ?? [];
}
