/**
 * The Folio widget: `<folio-search>`, `<folio-assistant>` and, on the site's pages, `<folio-page-menu>`
 * and `<folio-page-feedback>`, from one script tag:
 * `<script type="module" src="https://folio.example/widget.js"></script>`.
 */
import { FolioAssistant } from './elements/folio-assistant.ts';
import { FolioChatMessage } from './elements/folio-chat-message.ts';
import { FolioChatPanel } from './elements/folio-chat-panel.ts';
import { FolioFeedback } from './elements/folio-feedback.ts';
import { FolioMarkdown } from './elements/folio-markdown.ts';
import { FolioPageFeedback } from './elements/folio-page-feedback.ts';
import { FolioPageMenu } from './elements/folio-page-menu.ts';
import { FolioSearchDialog } from './elements/folio-search-dialog.ts';
import { FolioSearch } from './elements/folio-search.ts';

const ELEMENTS: Record<string, CustomElementConstructor> = {
  'folio-search': FolioSearch,
  'folio-search-dialog': FolioSearchDialog,
  'folio-assistant': FolioAssistant,
  'folio-chat-panel': FolioChatPanel,
  'folio-chat-message': FolioChatMessage,
  'folio-markdown': FolioMarkdown,
  'folio-page-menu': FolioPageMenu,
  'folio-feedback': FolioFeedback,
  'folio-page-feedback': FolioPageFeedback,
};

// A page may load the script twice (two embeds, a bundler and a tag): the first definition stays.
for (const [name, element] of Object.entries(ELEMENTS)) {
  if (!customElements.get(name)) customElements.define(name, element);
}

export { FolioAssistant, FolioChatMessage, FolioChatPanel, FolioFeedback, FolioMarkdown, FolioPageFeedback, FolioPageMenu, FolioSearch, FolioSearchDialog };
