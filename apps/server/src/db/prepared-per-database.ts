import type { DbHandle } from './database';

/**
 * The one way to keep prepared statements: built once per database handle and per shape of
 * request, then executed with each call's values. Worth it only for a statement on (nearly)
 * every API request, or on every job's way from submit to result (the claim, the completion),
 * where building drizzle's SQL and planning it anew each time is a visible share of the work
 * (apps/server/bench/api.bench.ts measures it for the API, docs/decisions/055 for the worker);
 * everything else is a plain drizzle query. A statement inside a transaction cannot be kept
 * this way: each transaction is a handle of its own.
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
