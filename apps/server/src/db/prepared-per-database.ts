import type { DbHandle } from './database';

/**
 * The one way to keep prepared statements: built once per database handle and per shape of
 * request, then executed with each call's values. Worth it only for a statement on (nearly)
 * every API request, where building drizzle's SQL anew each time is a visible share of the
 * request's own work (apps/server/bench/api.bench.ts measures it); everything else is a plain
 * drizzle query.
 * `shapeOf` names what changes the SQL itself (which filters apply, which order); everything
 * else must be a placeholder, or one shape would answer for another. Without `shapeOf` the
 * statement has one shape, and the returned function takes the database alone.
 */
export function preparedPerDatabase<Prepared, Query = void>(
  prepare: (db: DbHandle, query: Query) => Prepared,
  shapeOf: (query: Query) => string = () => '',
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
