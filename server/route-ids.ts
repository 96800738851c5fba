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

/**
 * A function from a request path (and `?_data` value) to the deepest route
 * that matches it, or `unmatched`.
 */
export function routeIdResolver(build: ServerBuild): (path: string, data?: string) => string {
  const tree = routeTree(build);
  return (path, data) => {
    if (data && data in build.routes) return data;
    const matches = matchRoutes(tree, path);
    return matches?.at(-1)?.route.id ?? "unmatched";
  };
}
