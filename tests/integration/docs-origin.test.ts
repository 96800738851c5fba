/**
 * /docs/api names the site it is served from: the loader gives the origin
 * (APP_URL when set, else the request's), and the "Getting started" guide
 * writes it where an example says SITE_ORIGIN — never a placeholder or
 * another host.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GettingStarted } from "~/components/docs/getting-started";
import { SITE_ORIGIN } from "~/content/docs";
import { loader } from "~/routes/docs.api";
import { callRoute } from "../support/http";

describe("/docs/api's examples", () => {
  it("give the origin of the request when APP_URL is unset", async () => {
    delete process.env.APP_URL;
    const data = (await (await callRoute(loader, new Request("https://fx.example.org/docs/api"))).json()) as { origin: string };
    expect(data.origin).toBe("https://fx.example.org");
  });

  it("write the site's origin into the shell examples, and no placeholder or localhost", () => {
    const html = renderToString(createElement(GettingStarted, { origin: "https://fx.example.org" }));
    expect(html).toContain("export FXT_URL=https://fx.example.org");
    expect(html).not.toContain(SITE_ORIGIN);
    expect(html).not.toContain("localhost:3000");
  });
});
