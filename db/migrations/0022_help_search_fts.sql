-- Full-text index of the Help Center articles (app/content/help/*.md), filled by
-- syncHelpSearchIndex (app/models/help.server.ts) at start-up; see docs/decisions/0133.
CREATE VIRTUAL TABLE `help_search` USING fts5(`slug` UNINDEXED, `title`, `summary`, `body`, tokenize = 'porter unicode61');
