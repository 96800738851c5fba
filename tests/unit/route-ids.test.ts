/**
 * The route id of a path (server/route-ids.ts), as logs and metrics label
 * requests: the deepest matching route, the same answer when remembered and
 * after being forgotten, and a `?_data` value that names a route wins.
 */
import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { REMEMBERED_PATHS, routeIdResolver } from "../../server/route-ids";

const route = (id: string, parentId: string | undefined, path: string | undefined, index = false) => ({ id, parentId, path, index, module: {} });
const build = {
  routes: {
    root: route("root", undefined, ""),
    "routes/_index": route("routes/_index", "root", undefined, true),
    "routes/signals.$id": route("routes/signals.$id", "root", "signals/:id"),
    "routes/signals.$id.events": route("routes/signals.$id.events", "root", "signals/:id/events"),
  },
} as unknown as ServerBuild;

describe("routeIdResolver", () => {
  it("names the deepest matching route, or unmatched", () => {
    const routeId = routeIdResolver(build);
    expect(routeId("/")).toBe("routes/_index");
    expect(routeId("/signals/7")).toBe("routes/signals.$id");
    expect(routeId("/signals/7/events")).toBe("routes/signals.$id.events");
    expect(routeId("/nowhere/at/all")).toBe("unmatched");
    expect(routeId("/signals/7", "routes/signals.$id.events")).toBe("routes/signals.$id.events");
  });

  it("gives the same answer for a path it remembers and for one it has forgotten", () => {
    const routeId = routeIdResolver(build);
    expect(routeId("/signals/1")).toBe("routes/signals.$id");
    expect(routeId("/signals/1")).toBe("routes/signals.$id");
    for (let id = 2; id <= REMEMBERED_PATHS + 1; id += 1) expect(routeId(`/signals/${id}/events`)).toBe("routes/signals.$id.events");
    expect(routeId("/signals/1")).toBe("routes/signals.$id");
    expect(routeId("/")).toBe("routes/_index");
  });
});
