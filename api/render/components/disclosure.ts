import { lookupTable } from '../../lookup-table.ts';
import { iconHtml } from '../icons.ts';
import type { OpenComponent } from '../render-context.ts';
import { renderContext } from '../render-context.ts';
import { attr, type ComponentTag, componentIcon, flag, mintlifyAnchor, text } from './attributes.ts';
import { element, type Rendering, wrapper } from './rendering.ts';

/**
 * An accordion is a `<details>`: it opens and closes without script, by keyboard too, and a link to its
 * `id` lands on it (the site script opens it). Its icon and `description` sit in its summary; inside a
 * line of text, where a `<details>` may not go, it is its title in bold before its content.
 */
const accordion: Rendering = {
  open(tag, _frame, isBlock) {
    const title = attr(tag, 'title') || 'Details';
    if (!isBlock) return `<span class="accordion"><strong>${text(title)}</strong> `;
    const icon = componentIcon(tag);
    const description = attr(tag, 'description');
    const summary =
      icon || description
        ? `${icon}<span class="accordion-title">${text(title)}</span>${description ? `<span class="accordion-description">${text(description)}</span>` : ''}`
        : text(title);
    const id = attr(tag, 'id');
    return `<details class="accordion"${id ? ` id="${text(mintlifyAnchor(id))}"` : ''}${flag(tag, 'defaultOpen') ? ' open' : ''}><summary>${summary}</summary><div class="accordion-body">`;
  },
  close: (_tag, _frame, isBlock) => (isBlock ? '</div></details>' : '</span>'),
};

/** An expandable: nested properties behind "Show …" ("Hide …" once open), as Mintlify words it. */
const expandable: Rendering = {
  open(tag, _frame, isBlock) {
    const title = attr(tag, 'title') || 'properties';
    if (!isBlock) return `<span class="expandable"><strong>${text(title)}</strong> `;
    return `<details class="expandable"${flag(tag, 'defaultOpen') ? ' open' : ''}><summary><span class="expandable-show">Show</span><span class="expandable-hide">Hide</span> ${text(title)}</summary><div class="expandable-body">`;
  },
  close: (_tag, _frame, isBlock) => (isBlock ? '</div></details>' : '</span>'),
};

const TREE_ROOTS = new Set(['Tree', 'FileTree']);

/**
 * A file tree is a nested list. `<Tree>` opens its list when its first folder or file comes, because
 * its children may instead be a Markdown list (`<FileTree>` around `- docs/`), which brings its own.
 */
const treeRoot: Rendering = {
  open: (_tag, _frame, isBlock) => `<${element(isBlock)} class="tree">`,
  close: (_tag, frame, isBlock) => `${frame.data.hasList ? '</ul>' : ''}</${element(isBlock)}>`,
};

/** What an item of the tree writes before itself: its root's list if not yet open, or a list of its own outside a tree. */
function listBefore(frame: OpenComponent): string {
  const stack = renderContext().stack;
  const parent = stack[stack.indexOf(frame) - 1];
  if (parent && TREE_ROOTS.has(parent.name)) {
    if (parent.data.hasList) return '';
    parent.data.hasList = true;
    return '<ul>';
  }
  if (parent?.name === 'Tree.Folder') return '';
  frame.data.isAlone = true;
  return '<ul class="tree">';
}

const itemClass = (kind: string, tag: ComponentTag) => `tree-${kind}${flag(tag, 'highlight') ? ' tree-highlight' : ''}`;
const treeIcon = (name: string) => iconHtml(name, { library: 'lucide' });

/** A folder: a `<details>` (open with `defaultOpen`) whose summary is its name; `openable={false}` shows it always open, without a toggle. */
const treeFolder: Rendering = {
  open(tag, frame) {
    const name = `${treeIcon('folder')}<span class="tree-name">${text(attr(tag, 'name'))}</span>`;
    const before = listBefore(frame);
    if (flag(tag, 'openable') === false) return `${before}<li class="${itemClass('folder', tag)}"><span class="tree-label">${name}</span><ul>`;
    frame.data.isDetails = true;
    return `${before}<li class="${itemClass('folder', tag)}"><details${flag(tag, 'defaultOpen') ? ' open' : ''}><summary>${name}</summary><ul>`;
  },
  close: (_tag, frame) => `</ul>${frame.data.isDetails ? '</details>' : ''}</li>${frame.data.isAlone ? '</ul>' : ''}`,
};

const treeFile: Rendering = {
  open: (tag, frame) =>
    `${listBefore(frame)}<li class="${itemClass('file', tag)}">${treeIcon('file')}<span class="tree-name">${text(attr(tag, 'name'))}</span>`,
  close: (_tag, frame) => `</li>${frame.data.isAlone ? '</ul>' : ''}`,
};

export const DISCLOSURE = lookupTable<Rendering>({
  Accordion: accordion,
  AccordionGroup: wrapper('accordion-group'),
  Expandable: expandable,
  Tree: treeRoot,
  FileTree: treeRoot,
  'Tree.Folder': treeFolder,
  'Tree.File': treeFile,
});
