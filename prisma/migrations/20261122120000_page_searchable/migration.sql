-- Mintlify's indexing rules need two facts of a page's frontmatter: `hidden: true` (is_hidden, which
-- `seo.indexing: "all"` overrides) and `searchable: false` or `noindex: true` (is_searchable, which
-- nothing overrides). Pages stored before this are reparsed (the parser version changed).
ALTER TABLE "pages" ADD COLUMN "is_searchable" BOOLEAN NOT NULL DEFAULT true;
