/**
 * The import rules of FX Trader, checked by `npm run lint:deps` (part of `npm test`).
 * The layers and what each may import are other/layers.cjs, which also writes
 * docs/architecture.md's table (docs/decisions/0126-layering-as-code.md).
 */
const LAYERS = require("./other/layers.cjs");

const byName = new Map(LAYERS.map((layer) => [layer.name, layer]));
const anyOf = (names) => names.map((name) => `(${byName.get(name).path})`).join("|");

/** Per layer: nothing from a layer it may not import, and only types from its `types` layers. */
const layerRules = LAYERS.flatMap((layer) => {
  const allowed = new Set([layer.name, ...layer.imports, ...layer.types]);
  const forbidden = LAYERS.filter((other) => !allowed.has(other.name)).map((other) => other.name);
  return [
    forbidden.length && {
      name: `${layer.name}-imports`,
      comment: `${layer.name} may import ${[layer.name, ...layer.imports].join(", ")}${layer.types.length ? `, and types from ${layer.types.join(", ")}` : ""}`,
      severity: "error",
      from: { path: layer.path },
      to: { path: anyOf(forbidden) },
    },
    layer.types.length && {
      name: `${layer.name}-type-imports`,
      comment: `${layer.name} may import only types from ${layer.types.join(", ")}`,
      severity: "error",
      from: { path: layer.path },
      to: { path: anyOf(layer.types), dependencyTypesNot: ["type-only"] },
    },
  ].filter(Boolean);
});

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "no-circular",
      comment: "No module reaches itself through its imports, type imports included.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "app-never-imports-scripts-or-tests",
      comment: "The app, db and the server never import scripts/, tests/ or harness/.",
      severity: "error",
      from: { path: "^(app|db|server)/" },
      to: { path: "^(scripts|tests|harness)/" },
    },
    {
      name: "scripts-never-import-tests",
      comment: "Commands and benchmarks share test code only through harness/ (docs/decisions/0141-one-harness.md).",
      severity: "error",
      from: { path: "^scripts/" },
      to: { path: "^tests/" },
    },
    {
      name: "harness-stands-alone",
      comment: "harness/ (builds, temporary databases, ports, percentiles, the server as a child process) imports neither tests/ nor scripts/.",
      severity: "error",
      from: { path: "^harness/" },
      to: { path: "^(tests|scripts)/" },
    },
    {
      name: "no-route-imports",
      comment: "Only the framework (and tests) import route modules.",
      severity: "error",
      from: { pathNot: "^tests/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "domain-does-no-io",
      comment: "The domain reads no file, socket, process or worker.",
      severity: "error",
      from: { path: byName.get("domain").path },
      to: { dependencyTypes: ["core"], path: "^(node:)?(fs|fs/promises|net|http|https|http2|child_process|dgram|dns|tls|worker_threads|cluster)$" },
    },
    {
      name: "no-unresolvable",
      comment: "Every import resolves.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|public/build|\\.cache)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    // Packages that publish only an `exports` map (remix-auth and its strategies) resolve through it.
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
