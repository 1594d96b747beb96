import { Column, Name, Param, Placeholder, SQL, StringChunk, Table } from 'drizzle-orm';

/**
 * SQL text and parameters of a statement written with drizzle's `sql` template, for the few
 * kinds of pieces the search statements are made of (text, nested templates, columns, tables,
 * names, values). drizzle's own compiler asks of every piece, one class after another, whether
 * it is a string, a name, a column, … walking the piece's class chain for each "no", and builds
 * an object per piece: for the search's statement (a few hundred pieces) that was about a tenth
 * of the server's CPU under the bench's search mix (docs/PERFORMANCE.md). Here each piece is
 * told by `instanceof` and written into one array. The text is the same as drizzle's: in the
 * API tests db/prepared.ts compiles every statement both ways and fails on any difference.
 * Null when the statement holds a piece of another kind (a subquery builder, a placeholder, an
 * inlined template): drizzle's compiler then does it.
 */
export function compileSql(statement: SQL): { sql: string; params: unknown[] } | null {
  const text: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    text.push(`$${params.length}`);
  };
  const visit = (chunk: unknown): boolean => {
    if (chunk === undefined) return true;
    if (chunk === null || (typeof chunk !== 'object' && typeof chunk !== 'function')) {
      param(chunk);
      return true;
    }
    if (chunk instanceof StringChunk) {
      text.push(chunk.value.join(''));
      return true;
    }
    if (chunk instanceof SQL) {
      if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
      for (const part of chunk.queryChunks) if (!visit(part)) return false;
      return true;
    }
    if (chunk instanceof Column) {
      if (chunk.keyAsName) return false;
      text.push(`${tableName(chunk.table)}.${quote(chunk.name)}`);
      return true;
    }
    if (chunk instanceof Param) {
      if (chunk.value instanceof Placeholder) return false;
      const mapped = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (mapped instanceof SQL) return visit(mapped);
      param(mapped);
      return true;
    }
    if (chunk instanceof Table) {
      text.push(tableName(chunk));
      return true;
    }
    if (chunk instanceof Name) {
      text.push(quote(chunk.value));
      return true;
    }
    if (Array.isArray(chunk)) {
      text.push('(');
      for (const [i, item] of chunk.entries()) {
        if (i > 0) text.push(', ');
        if (!visit(item)) return false;
      }
      text.push(')');
      return true;
    }
    return false;
  };
  return visit(statement) ? { sql: text.join(''), params } : null;
}

// drizzle's table symbols (Table.Symbol in its code, left out of its type declarations).
const IS_ALIAS = Symbol.for('drizzle:IsAlias');
const SCHEMA = Symbol.for('drizzle:Schema');
const NAME = Symbol.for('drizzle:Name');

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A table as drizzle writes it: its schema first unless it has none or is an alias. */
function tableName(table: Table): string {
  const symbols = table as unknown as Record<symbol, unknown>;
  const schema = symbols[SCHEMA] as string | undefined;
  const name = symbols[NAME] as string;
  const alias = symbols[IS_ALIAS] as boolean;
  return alias || schema === undefined ? quote(name) : `${quote(schema)}.${quote(name)}`;
}
