import type { OpenComponent } from '../render-context.ts';
import type { ComponentTag } from './attributes.ts';

/**
 * How one component renders. `open` writes what comes before its children and `close` what comes after;
 * what the closing needs from the opening (an id, a list it opened) is kept on `frame`, which lives while
 * the component is open. `isBlock` is false inside a line of text, where only phrasing elements may be
 * written. `self` renders a component written without children (`<Tree.File name="a.ts" />`) when that
 * differs from opening and closing it.
 */
export interface Rendering {
  open(tag: ComponentTag, frame: OpenComponent, isBlock: boolean): string;
  close(tag: ComponentTag, frame: OpenComponent, isBlock: boolean): string;
  self?(tag: ComponentTag, isBlock: boolean): string;
}

/** The element a component renders as: its block element, or a span inside a line of text. */
export const element = (isBlock: boolean, block = 'div') => (isBlock ? block : 'span');

/** A component that is a box of its children: a `<div>` of that class (a `<span>` in a line of text). */
export const wrapper = (className: string): Rendering => ({
  open: (_tag, _frame, isBlock) => `<${element(isBlock)} class="${className}">`,
  close: (_tag, _frame, isBlock) => `</${element(isBlock)}>`,
});
