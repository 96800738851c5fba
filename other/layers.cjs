/**
 * The layers of FX Trader and what each may import (docs/decisions/0126-layering-as-code.md).
 * The one source of the rules in .dependency-cruiser.cjs and of the import table in
 * docs/architecture.md (`npm run docs:layers` writes it).
 *
 * A layer may import itself and the layers in `imports`; from the layers in `types`
 * it may import types only (`import type`). Paths are regular expressions over
 * repository paths; each path belongs to exactly one layer. `label` names the
 * files in words where the expression is not a plain folder.
 */
module.exports = [
  { name: "routes", path: "^app/routes/", holds: "one module per URL: loader, action, meta, a component of named pieces (at most 250 lines)", imports: ["components", "services", "models", "domain", "schemas", "content", "env"], types: ["db-schema"] },
  { name: "app-root", path: "^app/(root|entry\\.client|entry\\.server)\\.tsx$", label: "app/root.tsx, app/entry.client.tsx, app/entry.server.tsx", holds: "the document, its two entries", imports: ["components", "services", "domain", "content", "platform", "env"], types: [] },
  { name: "components", path: "^app/components/", holds: "page sections by area; `ui/` holds primitives", imports: ["domain", "content", "schemas"], types: ["models", "services"] },
  { name: "services", path: "^app/services/", holds: "application services: sessions and guards, auth, HTTP helpers, delivery channels, the page-action helper", imports: ["models", "domain", "schemas", "content", "platform", "env"], types: ["db-schema", "db-connection"] },
  { name: "models", path: "^app/models/", holds: "`*.server.ts`, one per aggregate; `read-models/` for page-shaped reads", imports: ["domain", "content", "platform", "env", "db-schema", "db-connection"], types: ["schemas"] },
  { name: "schemas", path: "^app/schemas/", holds: "zod schemas shared by a form, its action and its /api twin; `api/` is the API's contract", imports: ["domain", "content", "db-schema"], types: ["models"] },
  { name: "domain", path: "^app/domain/", holds: "pure rules and maths: no I/O, no clock (`now` is passed in)", imports: ["content"], types: ["db-schema", "schemas"] },
  { name: "content", path: "^app/content/", holds: "the product's fixed texts and figures, as data", imports: [], types: ["domain", "schemas", "db-schema"] },
  { name: "env", path: "^app/platform/env\\.server\\.ts$", holds: "the zod-validated environment", imports: [], types: [] },
  { name: "platform", path: "^app/platform/(?!env\\.server\\.ts$)", label: "app/platform/ (but env.server.ts)", holds: "the database connection (`getDb`), LiteFS helpers", imports: ["env", "db-connection", "db-schema"], types: [] },
  { name: "bench", path: "^app/bench/", holds: "bare routes compiled into the benchmark build only", imports: [], types: [] },
  { name: "db-schema", path: "^db/schema\\.ts$", holds: "the drizzle schema (its enumerations come from the domain)", imports: ["domain"], types: [] },
  { name: "db-connection", path: "^db/connection\\.ts$", holds: "opening and migrating the SQLite file", imports: ["db-schema"], types: [] },
  { name: "db-scripts", path: "^db/(?!(schema|connection)\\.ts$)", label: "db/ (but schema.ts, connection.ts)", holds: "setup, migrate, seed and create-admin", imports: ["db-schema", "db-connection", "models", "domain", "content", "platform", "env", "services"], types: ["schemas"] },
  { name: "server", path: "^server/", holds: "the HTTP server around the Remix build; it takes the app from the build (`serverRuntime`), never from source", imports: [], types: ["services", "models", "schemas", "domain", "platform", "env", "db-connection"] },
];
