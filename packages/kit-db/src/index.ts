/** @kit/kit-db: models, migrations, CRUD routes, vector search and the harness's run store for kit apps. */

// --- models, dialects and databases ---
export {
  Field,
  boolean,
  date,
  datetime,
  enumField,
  enumField as enum,
  id,
  integer,
  json,
  number,
  string,
  text,
  vector,
  type AnyField,
  type FieldDefault,
  type FieldOptions,
  type FieldType,
  type IdOptions,
  type IntegerOptions,
  type JsonValue,
  type StringOptions,
  type VectorOptions,
} from './model/field.js';
export {
  Relation,
  belongsTo,
  hasMany,
  hasOne,
  manyToMany,
  type AnyRelation,
  type BelongsTo,
  type BelongsToOptions,
  type HasOptions,
  type ManyToManyOptions,
  type OnDelete,
  type RelationKind,
  type RelationOptions,
} from './model/relation.js';
export { Model, defineModel, type ModelTypes } from './model/define-model.js';
export { resolveModels } from './model/resolve-models.js';
export type {
  AnyModel,
  ColumnName,
  IndexDefinition,
  InferInsert,
  InferRow,
  InferUpdate,
  InsertOf,
  ModelEntry,
  ModelOptions,
  ModelShape,
  RowOf,
  Simplify,
  UpdateOf,
} from './model/types.js';
export type {
  CheckSpec,
  ColumnSpec,
  ForeignKeySpec,
  IndexSpec,
  ResolvedModel,
  ResolvedRelation,
  ResolvedSchema,
  TableSpec,
} from './model/schema.js';
export type { Dialect, DialectName, DialectOptions, VectorStorage } from './dialects/dialect.js';
export { sqliteDialect } from './dialects/sqlite.js';
export { postgresDialect } from './dialects/postgres.js';
export { mysqlDialect } from './dialects/mysql.js';
export { createDatabase } from './database/create-database.js';
export { closeDatabases, defaultDatabase, setDefaultDatabase } from './database/default-database.js';
export { createTables, createTablesSql } from './database/create-tables.js';
export type {
  CreateDatabaseOptions,
  DatabaseConfig,
  DatabaseProvider,
  DrizzleByProvider,
  ExecuteResult,
  FieldFilter,
  KitDatabase,
  ListOptions,
  ListPage,
  OrderBy,
  RelationField,
  Where,
} from './database/types.js';
export { KitDbError, kitDbErrorCodes, type ConstraintKind, type KitDbErrorCode, type KitDbErrorOptions } from './errors/kit-db-error.js';

// --- migrations ---
export { generateMigration, type GenerateMigrationOptions, type GeneratedMigration } from './migrations/generate/generate-migration.js';
export type { MigrationRenames } from './migrations/diff/renames.js';
export {
  applyMigrations,
  type AppliedMigration,
  type ApplyMigrationsOptions,
  type ApplyMigrationsResult,
} from './migrations/apply/apply-migrations.js';
export {
  migrationStatus,
  type AppliedMigrationStatus,
  type MigrationStatus,
  type MigrationStatusOptions,
} from './migrations/status/migration-status.js';

// --- CRUD routes and vector search ---
export { generateCrudRoutes, type CrudOperation, type CrudRoutes, type CrudRoutesOptions } from './crud/generate-crud-routes.js';
export { defineEmbedding, type Embedding, type EmbeddingConfig, type EmbeddingProvider } from './vector/define-embedding.js';
export {
  vectorSearch,
  type VectorFieldOf,
  type VectorMatch,
  type VectorSearchFilter,
  type VectorSearchOptions,
} from './vector/vector-search.js';

// --- the run store of kit-ai's harness ---
export { kitDbRunStore, type KitDbRunStoreOptions } from './run-store/kit-db-run-store.js';
export { runStoreSql } from './run-store/run-store-schema.js';
export {
  writeRunStoreMigration,
  type WriteRunStoreMigrationOptions,
  type WrittenRunStoreMigration,
} from './run-store/write-run-store-migration.js';
