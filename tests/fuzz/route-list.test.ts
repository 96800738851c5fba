/**
 * The route list the fuzz suite and the authorization matrix are generated
 * from: Remix v2 flat-route file names turned into URLs.
 */
import { describe, expect, it } from "vitest";
import { routeFiles, routePattern, routeUrl } from "../support/route-access";

describe("routePattern", () => {
  it.each([
    ["api.signals.strategy.$strategyId.ts", "/api/signals/strategy/:strategyId", ["strategyId"], false],
    ["portal.account._index.tsx", "/portal/account", [], true],
    ["insights.rss[.]xml.ts", "/insights/rss.xml", [], false],
    ["login_.two-factor.tsx", "/login/two-factor", [], false],
    ["$.tsx", "/*", ["*"], false],
    ["api.$.ts", "/api/*", ["*"], false],
    ["_index.tsx", "/", [], true],
    ["_auth.login.tsx", "/login", [], false],
    ["($lang).about.tsx", "/:lang/about", ["lang"], false],
    ["robots[.]txt.ts", "/robots.txt", [], false],
  ])("%s serves %s", (file, path, params, index) => {
    expect(routePattern(file)).toEqual({ path, params, index });
  });
});

describe("routeUrl", () => {
  it("URL-encodes named params, keeps the splat as it is, and adds ?index for an index route's action", () => {
    expect(routeUrl(routePattern("strategies.$slug.tsx"), { slug: "a b/c" })).toBe("/strategies/a%20b%2Fc");
    expect(routeUrl(routePattern("api.$.ts"), { "*": "x/y" })).toBe("/api/x/y");
    expect(routeUrl(routePattern("portal.account._index.tsx"), {}, true)).toBe("/portal/account?index");
    expect(routeUrl(routePattern("portal.account._index.tsx"), {})).toBe("/portal/account");
  });

  it("refuses a pattern whose param has no value", () => {
    expect(() => routeUrl(routePattern("strategies.$slug.tsx"), {})).toThrow(/:slug/);
  });
});

describe("routeFiles", () => {
  it("lists the route modules of app/routes and nothing else", () => {
    const files = routeFiles();
    expect(files).toContain("api.signals._index.ts");
    expect(files).toContain("$.tsx");
    expect(files.every((file) => /\.(tsx?|jsx?)$/.test(file))).toBe(true);
  });
});
