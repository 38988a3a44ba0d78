import { readApiOptions } from './api-options.ts';
import { mediaExamples } from './examples.ts';
import type { FoundSchema } from './references.ts';
import { codeBlock, prose } from './mdx-text.ts';
import { propertiesMdx } from './schema-fields.ts';
import { mergeAllOf } from './schema-shape.ts';

/**
 * The body of a data model page (`openapi-schema: OrderItem` frontmatter): the schema's description,
 * its properties as response fields, and an example of it. The page's own frontmatter and content
 * stay the page's; `title` is offered for a page that has none.
 *
 * @param api docs.json's `api` object, for `params.post`
 */
export function schemaPage(found: FoundSchema, api?: unknown): { title: string; mdx: string } {
  const { options } = readApiOptions(api);
  const schema = mergeAllOf(found.schema);
  const example = mediaExamples({ schema: found.schema }, 'response')[0];
  const sections = [
    typeof schema.description === 'string' && schema.description.trim() ? prose(schema.description.trim()) : '',
    propertiesMdx(found.schema, 'response', { document: found.spec.document, pills: options.pills }),
    example ? `<ResponseExample>\n${codeBlock(JSON.stringify(example.value, null, 2) ?? '', `json ${found.name}`)}\n</ResponseExample>` : '',
  ];
  return {
    title: typeof schema.title === 'string' && schema.title.trim() ? schema.title.trim() : found.name,
    mdx: `${sections.filter(Boolean).join('\n\n')}\n`,
  };
}
