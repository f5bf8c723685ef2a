import path from "node:path";
import { sql } from "kysely";
import ts from "typescript";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// The table types the queries are checked against (`Schema` in app/platform/db.server.ts) are
// written by hand: this compares them, on each engine, with the tables the migrations create.
// Each table's columns, whether each may be NULL, and what kind of value it holds must agree, so
// a migration and its type cannot drift apart unnoticed.

type Column = { nullable: boolean; kinds: string[] };
type Tables = Record<string, Record<string, Column>>;
type MigratedTables = Record<string, Record<string, { nullable: boolean; kind: string }>>;

/** Tables the migrations made that nothing uses any more (migrations only add, docs/operating.md). */
const retiredTables = ["rate_limits"];

const root = path.resolve(import.meta.dirname, "../..");

/** Every table of `Schema` with its columns, read from the types themselves. */
function typedTables(): Tables {
  const file = path.join(root, "app/platform/db.server.ts");
  const program = ts.createProgram([file], {
    strict: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const schema = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === "Schema",
  )!;
  const kindOf = (type: ts.Type): string[] => {
    if (type.isUnion()) return type.types.flatMap(kindOf);
    if (type.flags & ts.TypeFlags.Null) return [];
    if (type.flags & ts.TypeFlags.StringLike) return ["text"];
    if (type.flags & ts.TypeFlags.NumberLike) return ["integer"];
    if (checker.typeToString(type).startsWith("Uint8Array")) return ["binary"];
    return [checker.typeToString(type)];
  };
  return Object.fromEntries(
    checker
      .getTypeAtLocation(schema)
      .getProperties()
      .map((table) => {
        const columns = checker
          .getTypeOfSymbol(table)
          .getProperties()
          .map((column) => {
            const declaration = column.valueDeclaration as ts.PropertySignature;
            let node = declaration.type!;
            // Generated<T>: a column the database fills when an insert leaves it out.
            if (ts.isTypeReferenceNode(node) && node.typeName.getText() === "Generated") node = node.typeArguments![0]!;
            const type = checker.getTypeFromTypeNode(node);
            const nullable = type.isUnion() && type.types.some((member) => member.flags & ts.TypeFlags.Null);
            return [column.name, { nullable, kinds: [...new Set(kindOf(type))].sort() }] as const;
          });
        return [table.name, Object.fromEntries(columns)];
      }),
  );
}

const kindOfColumn = (declared: string) => {
  if (/int/i.test(declared)) return "integer";
  if (/text|char/i.test(declared)) return "text";
  if (/blob|bytea/i.test(declared)) return "binary";
  return declared;
};

/** Every table the migrations created on this database, with its columns. */
async function migratedTables(database: TestDatabase): Promise<MigratedTables> {
  const rows: Array<{ table: string; column: string; nullable: boolean; kind: string }> = [];
  if (database.engine === "sqlite") {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
      database.db,
    );
    for (const { name } of tables.rows) {
      const columns = await sql<{ name: string; type: string; notnull: number; pk: number }>`
        select name, type, "notnull", pk from pragma_table_info(${name})`.execute(database.db);
      for (const column of columns.rows) {
        // A primary key is never NULL for this application, though SQLite allows it on text keys.
        rows.push({
          table: name,
          column: column.name,
          nullable: !column.notnull && !column.pk,
          kind: kindOfColumn(column.type),
        });
      }
    }
  } else {
    const columns = await sql<{ table_name: string; column_name: string; is_nullable: string; data_type: string }>`
      select table_name, column_name, is_nullable, data_type from information_schema.columns
      where table_schema = current_schema()`.execute(database.db);
    for (const column of columns.rows) {
      rows.push({
        table: column.table_name,
        column: column.column_name,
        nullable: column.is_nullable === "YES",
        kind: kindOfColumn(column.data_type),
      });
    }
  }
  const tables: MigratedTables = {};
  for (const row of rows) {
    if (/^kysely_migration|^sqlite_/.test(row.table) || retiredTables.includes(row.table)) continue;
    tables[row.table] ??= {};
    tables[row.table]![row.column] = { nullable: row.nullable, kind: row.kind };
  }
  return tables;
}

const typed = typedTables();

describe.each(engines)("the table types on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.cleanup();
  });

  test("name every table and column the migrations create, each NULL where the column may be", async () => {
    const migrated = await migratedTables(database);
    const shape = (tables: Record<string, Record<string, { nullable: boolean }>>) =>
      Object.fromEntries(
        Object.entries(tables)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([table, columns]) => [
            table,
            Object.fromEntries(
              Object.entries(columns)
                .sort(([a], [b]) => a.localeCompare(b))
                .map(([column, { nullable }]) => [column, nullable ? "null allowed" : "not null"]),
            ),
          ]),
      );
    expect(shape(typed)).toEqual(shape(migrated));
  });

  test("give each column the kind of value it holds (text, integer or binary)", async () => {
    const migrated = await migratedTables(database);
    const mismatches = Object.entries(migrated).flatMap(([table, columns]) =>
      Object.entries(columns).flatMap(([column, { kind }]) => {
        const kinds = typed[table]?.[column]?.kinds ?? [];
        return kinds.includes(kind) ? [] : [`${table}.${column}: ${kind} in the database, ${kinds.join(" | ")} typed`];
      }),
    );
    expect(mismatches).toEqual([]);
  });
});

test("the check reads the table types (a table and a column the migrations make are found)", () => {
  expect(Object.keys(typed)).toContain("submissions");
  expect(typed.submissions?.job_slug).toEqual({ nullable: true, kinds: ["text"] });
  expect(typed.submissions?.progress).toEqual({ nullable: false, kinds: ["text"] });
  expect(typed.attachments?.content).toEqual({ nullable: false, kinds: ["binary"] });
});
