import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as prismaEnums from '../../api/db/generated/prisma/enums.ts';
import { getDatamodel } from '../../api/db/generated/pothos-types.ts';
import { PrismaClient } from '../../api/db/generated/prisma/client.ts';
import { migrate } from '../../api/db/migrate.ts';
import { createScratchDatabase } from '../support/scratch-database.ts';
import { PrismaPg } from '@prisma/adapter-pg';

/**
 * Migrations are hand-written SQL; this test is what keeps them honest. It applies them to an empty
 * database and checks every model, column, type, nullability and enum of prisma/schema.prisma exists.
 */
const SQL_TYPES: Record<string, string> = {
  String: 'text',
  Int: 'integer',
  Boolean: 'boolean',
  DateTime: 'timestamp with time zone',
  Json: 'jsonb',
  Bytes: 'bytea',
  BigInt: 'bigint',
  Float: 'double precision',
};

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let columns: Map<string, { data_type: string; udt_name: string; is_nullable: string }>;
let runtimeModels: Record<string, { dbName: string | null; fields: { name: string; dbName?: string }[] }>;

beforeAll(async () => {
  scratch = await createScratchDatabase();
  await migrate(scratch.pool);
  const result = await scratch.pool.query(
    "SELECT table_name, column_name, data_type, udt_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'",
  );
  columns = new Map(result.rows.map((r) => [`${r.table_name}.${r.column_name}`, r]));
  const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: scratch.url }) });
  runtimeModels = (client as unknown as { _runtimeDataModel: { models: typeof runtimeModels } })._runtimeDataModel.models;
});
afterAll(() => scratch.drop());

const models = Object.entries(getDatamodel().datamodel.models);

describe.each(models)('model %s', (modelName, model) => {
  it('has a table with every scalar field as a column of the right type and nullability', () => {
    const runtime = runtimeModels[modelName]!;
    const table = runtime.dbName ?? modelName;
    for (const field of model.fields) {
      if (field.kind === 'object') continue;
      const column = runtime.fields.find((f) => f.name === field.name)?.dbName ?? field.name;
      const found = columns.get(`${table}.${column}`);
      expect(found, `${table}.${column} (${modelName}.${field.name}) is missing: write a migration`).toBeDefined();
      const expectedType = field.isList ? 'ARRAY' : field.kind === 'enum' ? 'USER-DEFINED' : SQL_TYPES[field.type];
      expect(found!.data_type, `${table}.${column} type`).toBe(expectedType);
      if (field.kind === 'enum') expect(found!.udt_name).toBe(field.type);
      if (!field.isList) expect(found!.is_nullable, `${table}.${column} nullability`).toBe(field.isRequired ? 'NO' : 'YES');
    }
  });
});

describe('enums', () => {
  it.each(Object.entries(prismaEnums).filter(([, v]) => typeof v === 'object'))('%s has the same values in PostgreSQL', async (name, values) => {
    const result = await scratch.pool.query(
      'SELECT e.enumlabel FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid WHERE t.typname = $1 ORDER BY e.enumsortorder',
      [name],
    );
    expect(result.rows.map((r) => r.enumlabel)).toEqual(Object.values(values as object));
  });
});
