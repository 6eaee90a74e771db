import type { DbHandle } from './database';

/**
 * Statements built once per database handle and per shape of request, then executed with each
 * call's values, since building drizzle's SQL is otherwise the largest part of a list request's
 * own work. `shapeOf` names what changes the SQL itself (which filters apply, which
 * order); everything else must be a placeholder, or one shape would answer for another.
 */
export function preparedPerDatabase<Query, Prepared>(
  prepare: (db: DbHandle, query: Query) => Prepared,
  shapeOf: (query: Query) => string,
): (db: DbHandle, query: Query) => Prepared {
  const byDatabase = new WeakMap<DbHandle, Map<string, Prepared>>();
  return (db, query) => {
    let byShape = byDatabase.get(db);
    if (!byShape) {
      byShape = new Map();
      byDatabase.set(db, byShape);
    }
    const shape = shapeOf(query);
    let prepared = byShape.get(shape);
    if (prepared === undefined) {
      prepared = prepare(db, query);
      byShape.set(shape, prepared);
    }
    return prepared;
  };
}

/** A statement of one shape only (nothing in a call changes its SQL), built once per database. */
export function preparedOncePerDatabase<Prepared>(
  prepare: (db: DbHandle) => Prepared,
): (db: DbHandle) => Prepared {
  const preparedFor = preparedPerDatabase(
    (db) => prepare(db),
    () => '',
  );
  return (db) => preparedFor(db, undefined);
}
