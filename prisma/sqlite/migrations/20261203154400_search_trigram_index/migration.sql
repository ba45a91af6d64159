-- search (a substring of "name" or "descriptionSearch") through an FTS5 trigram index instead of a
-- scan: ToolSearch indexes those two columns of Tool (external content, rowid = Tool.id), and the
-- triggers below keep it in step with every insert, update and delete, as SQLite's FTS5 manual
-- prescribes for external content tables. case_sensitive 1: keys are matched byte for byte, as on
-- Postgres. Terms of fewer than 3 characters have no trigram and are still found by LIKE.
-- A later migration that redefines Tool drops these triggers with it: it must create them again
-- (test/store/migrations.test.ts fails until it does).
CREATE VIRTUAL TABLE "ToolSearch" USING fts5("name", "descriptionSearch", content='Tool', content_rowid='id', tokenize='trigram case_sensitive 1');

INSERT INTO "ToolSearch" ("ToolSearch") VALUES ('rebuild');

CREATE TRIGGER "Tool_search_insert" AFTER INSERT ON "Tool" BEGIN
  INSERT INTO "ToolSearch" ("rowid", "name", "descriptionSearch") VALUES (new."id", new."name", new."descriptionSearch");
END;

CREATE TRIGGER "Tool_search_delete" AFTER DELETE ON "Tool" BEGIN
  INSERT INTO "ToolSearch" ("ToolSearch", "rowid", "name", "descriptionSearch") VALUES ('delete', old."id", old."name", old."descriptionSearch");
END;

CREATE TRIGGER "Tool_search_update" AFTER UPDATE OF "name", "descriptionSearch" ON "Tool" BEGIN
  INSERT INTO "ToolSearch" ("ToolSearch", "rowid", "name", "descriptionSearch") VALUES ('delete', old."id", old."name", old."descriptionSearch");
  INSERT INTO "ToolSearch" ("rowid", "name", "descriptionSearch") VALUES (new."id", new."name", new."descriptionSearch");
END;
