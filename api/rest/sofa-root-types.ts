import { type GraphQLSchema, Kind, parse, printType } from 'graphql';

/**
 * Gives the schema's Query and Mutation types the syntax tree a schema written in SDL would have.
 * SOFA reads a route's argument descriptions from its root type's tree, and a type built in code
 * (Pothos) has none: SOFA then prints and parses the whole root type again for every argument of every
 * route, which was most of the time a process took to prepare its routes. Printing and parsing each
 * root type once gives the same descriptions.
 */
export function withRootTypeSyntax(schema: GraphQLSchema): GraphQLSchema {
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    if (!type || type.astNode) continue;
    const node = parse(printType(type)).definitions[0];
    if (node?.kind === Kind.OBJECT_TYPE_DEFINITION) type.astNode = node;
  }
  return schema;
}
