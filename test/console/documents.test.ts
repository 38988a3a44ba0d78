import { print } from '@0no-co/graphql.web';
import type { ResultOf } from 'gql.tada';
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../api/schema/index.ts';
import * as documents from '../../console/lib/documents.ts';
import type { JsonValue } from '../../console/lib/documents.ts';

type Documents = typeof documents;

/**
 * The paths of a result's fields typed `unknown`: gql.tada's type for a field the schema does not have
 * (its editor plugin reports them, which TypeScript 7 does not run). JSON values are typed, so not among them.
 */
type UnknownFields<T, Path extends string> = [unknown] extends [T] ? Path : [JsonValue] extends [T] ? never : FieldsOf<T, Path>;
type FieldsOf<T, Path extends string> = T extends readonly (infer Item)[]
  ? UnknownFields<Item, Path>
  : T extends object
    ? { [Key in keyof T & string]-?: UnknownFields<T[Key], `${Path}.${Key}`> }[keyof T & string]
    : never;

type SelectedUnknownFields = { [Name in keyof Documents & string]: UnknownFields<ResultOf<Documents[Name]>, Name> }[keyof Documents & string];
/** Where a document selects a field the schema does not have, tsc fails here, naming them: "Type 'true' is not assignable to type '"not in the schema: DEPLOYMENTS_VIEW.project.siteUrl"'". */
const isEveryFieldKnown: [SelectedUnknownFields] extends [never] ? true : `not in the schema: ${SelectedUnknownFields}` = true;

describe("the console's GraphQL documents", () => {
  it('select only fields the schema has (checked by tsc)', () => {
    expect(isEveryFieldKnown).toBe(true);
  });

  it('are valid against the running schema: fields, arguments, variables and their types', () => {
    const problems = Object.entries(documents).flatMap(([name, document]) =>
      validate(schema, parse(print(document))).map((error) => `${name}: ${error.message}`),
    );
    expect(problems).toEqual([]);
  });
});
