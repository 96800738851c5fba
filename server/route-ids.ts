/**
 * The Remix route id that serves a URL path (`routes/api.ledger.head`,
 * `routes/strategies.$slug`), for logs and metrics labels: matched against
 * the build's route tree with React Router's `matchRoutes`, as Remix itself
 * does. A `?_data=<route id>` fetch names its route itself.
 */
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";

/** The build's routes as a nested tree React Router can match. */
function routeTree(build: ServerBuild): AgnosticRouteObject[] {
  const children = new Map<string | undefined, AgnosticRouteObject[]>();
  for (const route of Object.values(build.routes)) {
    const list = children.get(route.parentId) ?? [];
    list.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as AgnosticRouteObject);
    children.set(route.parentId, list);
  }
  const attach = (routes: AgnosticRouteObject[]): AgnosticRouteObject[] =>
    routes.map((route) => (route.index ? route : { ...route, children: attach(children.get(route.id) ?? []) }));
  return attach(children.get(undefined) ?? []);
}

/** Paths whose route id is remembered: `matchRoutes` flattens and ranks the whole tree on every call (about 0.1 ms here), which every request (a refused one too) would otherwise pay. */
export const REMEMBERED_PATHS = 2_000;

/**
 * A function from a request path (and `?_data` value) to the deepest route
 * that matches it, or `unmatched`. The answers for the last
 * `REMEMBERED_PATHS` distinct paths are kept (the oldest is forgotten first),
 * so a flood of distinct paths costs a match each and no more memory.
 */
export function routeIdResolver(build: ServerBuild): (path: string, data?: string) => string {
  const tree = routeTree(build);
  const remembered = new Map<string, string>();
  return (path, data) => {
    if (data && data in build.routes) return data;
    const known = remembered.get(path);
    if (known !== undefined) return known;
    const id = matchRoutes(tree, path)?.at(-1)?.route.id ?? "unmatched";
    if (remembered.size >= REMEMBERED_PATHS) remembered.delete(remembered.keys().next().value!);
    remembered.set(path, id);
    return id;
  };
}
