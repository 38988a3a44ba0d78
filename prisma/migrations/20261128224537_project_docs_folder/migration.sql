-- A project's docs may live in a folder of a larger repository (docs/ beside the product's code).
ALTER TABLE "projects" ADD COLUMN "docs_folder" TEXT NOT NULL DEFAULT '';
