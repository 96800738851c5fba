/**
 * server/guards.ts decisions that need no running server: which requests a
 * browser reports as cross-site, and which declared bodies are too large.
 * (tests/integration/hardening-server.test.ts drives the real server.)
 */
import { describe, expect, it } from "vitest";
import { declaresTooLarge, isCrossSite, isMalformedPath } from "../../server/guards";

const HOST = "fx.example.com";
const TRUSTED = ["https://fx.example.com"];

describe("isCrossSite", () => {
  it.each([
    ["same-origin", false],
    ["none", false],
    ["same-site", true],
    ["cross-site", true],
  ])("Sec-Fetch-Site %s → cross-site %s, whatever Origin says", (site, expected) => {
    expect(isCrossSite({ host: HOST, "sec-fetch-site": site, origin: "https://fx.example.com" }, TRUSTED)).toBe(expected);
    expect(isCrossSite({ host: HOST, "sec-fetch-site": site, origin: "https://evil.example" }, TRUSTED)).toBe(expected);
  });

  it("without Sec-Fetch-Site, accepts an Origin that is trusted or names the requested host", () => {
    expect(isCrossSite({ host: "10.0.0.5:3000", origin: "https://fx.example.com" }, TRUSTED)).toBe(false);
    expect(isCrossSite({ host: "localhost:3000", origin: "http://localhost:3000" }, [])).toBe(false);
  });

  it.each([
    ["https://evil.example", "another site"],
    ["https://fx.example.com.evil.example", "a look-alike host"],
    ["http://localhost:3001", "another port"],
    ["null", "an opaque origin"],
    ["not a url", "a malformed origin"],
  ])("without Sec-Fetch-Site, refuses Origin %s (%s)", (origin) => {
    expect(isCrossSite({ host: "localhost:3000", origin }, TRUSTED)).toBe(true);
  });

  it("compares Origin with the host the client addressed (a trusted X-Forwarded-Host) when given, not the Host header", () => {
    expect(isCrossSite({ host: "10.0.0.5:3000", origin: "https://shop.example" }, TRUSTED, "shop.example")).toBe(false);
    expect(isCrossSite({ host: "shop.example", origin: "https://shop.example" }, TRUSTED, "proxy.example")).toBe(true);
  });

  it("lets requests with neither header through (API clients, no-JS posts from browsers that send neither)", () => {
    expect(isCrossSite({ host: HOST }, TRUSTED)).toBe(false);
  });
});

describe("declaresTooLarge", () => {
  it("compares the declared Content-Length with the limit", () => {
    expect(declaresTooLarge({ "content-length": "65536" }, 65536)).toBe(false);
    expect(declaresTooLarge({ "content-length": "65537" }, 65536)).toBe(true);
    expect(declaresTooLarge({ "content-length": "52428800" }, 65536)).toBe(true);
  });

  it("is false without a Content-Length (a chunked body is counted as it arrives)", () => {
    expect(declaresTooLarge({ "transfer-encoding": "chunked" }, 65536)).toBe(false);
  });
});

describe("isMalformedPath", () => {
  it.each(["/api/%E0%A4%A", "/%", "/insights/%zz", "/api/%C3"])("refuses %s, which cannot be percent-decoded", (path) => {
    expect(isMalformedPath(path)).toBe(true);
  });

  it.each(["/", "/api/blog/%F0%9D%95%8F", "/insights?q=%25", "/strategies/alpha-swing"])("accepts %s", (path) => {
    expect(isMalformedPath(path)).toBe(false);
  });
});
