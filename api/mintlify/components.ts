/**
 * The components Mintlify documents for MDX pages (its components/ pages, `<Latex>` from its text
 * formatting page, `FileTree` as `Tree`'s alias), dotted sub-components included. A deployment can warn
 * about a component outside this list: it is a page's own (a snippet's export) or a typo, and renders as
 * its children's text. Every name here has a rendering of its own (api/render/components.ts).
 */
export const MINTLIFY_COMPONENTS = [
  'Accordion',
  'AccordionGroup',
  'Badge',
  'Banner',
  'Callout',
  'Card',
  'CardGroup',
  'Check',
  'CodeGroup',
  'Color',
  'Color.Item',
  'Color.Row',
  'Column',
  'Columns',
  'Danger',
  'Expandable',
  'FileTree',
  'Frame',
  'GitHub.Repo',
  'Icon',
  'Info',
  'Latex',
  'Note',
  'Panel',
  'ParamField',
  'Prompt',
  'RequestExample',
  'ResponseExample',
  'ResponseField',
  'Step',
  'Steps',
  'Tab',
  'Tabs',
  'Tile',
  'Tiles',
  'Tip',
  'Tooltip',
  'Tree',
  'Tree.File',
  'Tree.Folder',
  'Update',
  'View',
  'Visibility',
  'Warning',
] as const;

export type MintlifyComponent = (typeof MINTLIFY_COMPONENTS)[number];

const NAMES: ReadonlySet<string> = new Set(MINTLIFY_COMPONENTS);

/** Whether a tag names a component Mintlify documents. */
export const isMintlifyComponent = (name: string): name is MintlifyComponent => NAMES.has(name);
