import { getTableColumns, is, sql, SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** drizzle's Column#shouldDisableInsert, which its types leave out. */
interface Insertable {
  shouldDisableInsert(): boolean;
}

/**
 * One row of an `insert … select` (drizzle's `insert(table).select(…)`), as a select list: every
 * insertable column of `table` in drizzle's insert order, `values[key]` where given (a value, a
 * placeholder or SQL) and the column's own default otherwise. A plain VALUES insert leaves
 * defaults to the DEFAULT keyword, which a SELECT cannot use; an insert-select is how an insert
 * is made conditional on other parts of the same statement. Each value is cast to its column's
 * type, since a parameter in a select list has no column to take its type from. A column whose
 * default is computed in JavaScript ($defaultFn) must be given a value: its default would be
 * computed once, when the statement is built, and a prepared statement would repeat it.
 */
export function insertSelection<Table extends PgTable>(
  table: Table,
  values: Partial<Record<keyof Table['$inferInsert'], unknown>>,
): SQL {
  const list = Object.entries(getTableColumns(table))
    // As drizzle's own insert does: generated columns take no value (an internal, untyped method).
    .filter(([, column]) => !(column as unknown as Insertable).shouldDisableInsert())
    .map(([key, column]) => {
      const given = (values as Record<string, unknown>)[key];
      if (given === undefined && column.defaultFn) {
        throw new Error(`insertSelection: give ${key} a value (its default is computed in JS)`);
      }
      const value = given !== undefined ? given : (column.default ?? null);
      const expression = is(value, SQL) ? value : sql.param(value, column);
      return sql`${expression}::${sql.raw(column.getSQLType())}`;
    });
  return sql.join(list, sql`, `);
}
