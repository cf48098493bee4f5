// The history's prepared statements, by SQL text: preparing costs more than running for the small statements the
// store runs, so each text is prepared once per open database. Not for iterate(): two live iterators must not
// share one statement.
import type { DatabaseSync, StatementSync } from 'node:sqlite';

/** The prepared statement for an SQL text. */
export type Sql = (text: string) => StatementSync;

export function statementCache(db: DatabaseSync): Sql {
  const statements = new Map<string, StatementSync>();
  return (text) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
}
