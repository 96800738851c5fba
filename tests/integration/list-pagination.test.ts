/**
 * Cursor pagination of GET /api/signals, /api/signals/strategy/{id} and
 * /api/blog (docs/decisions/0059-list-cursor-pagination.md), through
 * `callRoute` (every answer checked against the OpenAPI document): pages
 * newest first by (time, id), `before`/`after`, `Link` and `X-Next-Cursor`,
 * the bare array kept, and 400 problems naming `before`/`after`.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "../../db/schema";
import { getDb } from "~/platform/db.server";
import { loader as blogLoader } from "~/routes/api.blog._index";
import { loader as signalsLoader } from "~/routes/api.signals._index";
import { loader as strategySignalsLoader } from "~/routes/api.signals.strategy.$strategyId";
import { insertSignals, insertStrategy } from "../support/fixtures";
import { callRoute, getRequest } from "../support/http";

const BASE = "http://localhost";
const T0 = Date.UTC(2026, 10, 1, 12);
const MINUTE = 60_000;

type Loader = Parameters<typeof callRoute>[0];

async function get(loader: Loader, path: string, params: Record<string, string> = {}) {
  const response = await callRoute(loader, getRequest(`${BASE}${path}`), params);
  return {
    status: response.status,
    body: (await response.json()) as Array<{ id: number }> & { errors?: Array<{ field: string }> },
    link: response.headers.get("Link"),
    next: response.headers.get("X-Next-Cursor"),
  };
}

/** The target of the `rel` link in a `Link` header, or null. */
function linkTo(link: string | null, rel: "next" | "prev"): string | null {
  const match = (link ?? "").split(", ").find((part) => part.endsWith(`; rel="${rel}"`));
  return match ? match.slice(1, match.indexOf(">")) : null;
}

/** Follows `rel` links from `path` to the end; the ids of every page, in order. */
async function walk(loader: Loader, path: string, rel: "next" | "prev", params: Record<string, string> = {}): Promise<number[][]> {
  const pages: number[][] = [];
  let at: string | null = path;
  while (at && pages.length < 50) {
    const page = await get(loader, at, params);
    expect(page.status).toBe(200);
    pages.push(page.body.map((item) => item.id));
    at = linkTo(page.link, rel);
  }
  return pages;
}

let alpha: number;
let beta: number;
/** Every signal id in list order: newest first by createdAt, then id. */
let signalOrder: number[];
let alphaOrder: number[];
let alphaActiveOrder: number[];
let postOrder: number[];

beforeAll(() => {
  alpha = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" }).id;
  beta = insertStrategy({ slug: "beta", name: "Beta" }).id;
  // Ids do not follow creation time, and three signals share one createdAt.
  const rows = insertSignals([
    { strategyId: alpha, createdAt: new Date(T0 + 5 * MINUTE) },
    { strategyId: beta, createdAt: new Date(T0 + 1 * MINUTE), status: "CLOSED" },
    { strategyId: alpha, createdAt: new Date(T0 + 3 * MINUTE) },
    { strategyId: alpha, createdAt: new Date(T0 + 3 * MINUTE), status: "CLOSED" },
    { strategyId: beta, createdAt: new Date(T0 + 3 * MINUTE) },
    { strategyId: alpha, createdAt: new Date(T0 + 7 * MINUTE) },
    { strategyId: beta, createdAt: new Date(T0 + 2 * MINUTE) },
  ]);
  const sorted = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  signalOrder = sorted.map((s) => s.id);
  alphaOrder = sorted.filter((s) => s.strategyId === alpha).map((s) => s.id);
  alphaActiveOrder = sorted.filter((s) => s.strategyId === alpha && s.status === "ACTIVE").map((s) => s.id);
  const posts = getDb()
    .insert(blogPosts)
    .values(
      [4, 1, 4, 2, 9].map((day, i) => ({ slug: `post-${i}`, title: `Post ${i}`, excerpt: "Breakout notes", publishedAt: new Date(T0 + day * 86_400_000) })),
    )
    .returning()
    .all();
  postOrder = [...posts].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id).map((p) => p.id);
});

describe("GET /api/signals pages", () => {
  it("answers the newest page as a bare array with the next cursor in X-Next-Cursor and Link", async () => {
    const page = await get(signalsLoader, "/api/signals?limit=3");
    expect(page.body.map((s) => s.id)).toEqual(signalOrder.slice(0, 3));
    expect(page.next).toBe(String(signalOrder[2]));
    expect(linkTo(page.link, "next")).toBe(`/api/signals?limit=3&before=${signalOrder[2]}`);
    expect(linkTo(page.link, "prev")).toBeNull();
  });

  it("walks every signal once, in order, across equal creation times, and back again", async () => {
    const forward = await walk(signalsLoader, "/api/signals?limit=2", "next");
    expect(forward.flat()).toEqual(signalOrder);
    expect(forward.map((ids) => ids.length)).toEqual([2, 2, 2, 1]);
    const last = forward[forward.length - 1]!;
    const backward = await walk(signalsLoader, `/api/signals?limit=2&after=${last[0]}`, "prev");
    // Each `prev` page is newer than the one before it: reversed, they read newest first.
    expect(backward.reverse().flat()).toEqual(signalOrder.slice(0, signalOrder.indexOf(last[0]!)));
  });

  it("lets cross-origin readers see the cursor headers", async () => {
    const response = await callRoute(signalsLoader, getRequest(`${BASE}/api/signals?limit=1`, { headers: { Origin: "https://example.org" } }));
    expect(response.headers.get("Access-Control-Expose-Headers")?.split(", ")).toEqual(expect.arrayContaining(["Link", "X-Next-Cursor"]));
  });

  it("has no next cursor on the last page", async () => {
    const page = await get(signalsLoader, `/api/signals?limit=5&before=${signalOrder[3]}`);
    expect(page.body.map((s) => s.id)).toEqual(signalOrder.slice(4));
    expect(page.next).toBeNull();
    expect(linkTo(page.link, "next")).toBeNull();
    expect(linkTo(page.link, "prev")).toBe(`/api/signals?limit=5&after=${signalOrder[4]}`);
  });

  it("takes the nearest newer signals for after", async () => {
    const page = await get(signalsLoader, `/api/signals?limit=2&after=${signalOrder[5]}`);
    expect(page.body.map((s) => s.id)).toEqual(signalOrder.slice(3, 5));
    expect(page.next).toBe(String(signalOrder[4]));
    expect(linkTo(page.link, "prev")).toBe(`/api/signals?limit=2&after=${signalOrder[3]}`);
  });

  it("keeps the filters in its links", async () => {
    const path = `/api/signals?limit=2&status=ACTIVE&strategyId=${alpha}`;
    const first = await get(signalsLoader, path);
    expect(linkTo(first.link, "next")).toBe(`${path}&before=${alphaActiveOrder[1]}`);
    const pages = await walk(signalsLoader, path, "next");
    expect(pages.flat()).toEqual(alphaActiveOrder);
    expect(alphaActiveOrder.length).toBe(3);
  });

  it.each([
    ["before=abc", ["before"]],
    ["after=0", ["after"]],
    ["before=1.5", ["before"]],
    ["before=99999", ["before"]],
    ["after=99999", ["after"]],
    ["before=1&after=2", ["before", "after"]],
  ])("refuses %s with a 400 problem naming it", async (query, fields) => {
    const page = await get(signalsLoader, `/api/signals?${query}`);
    expect(page.status).toBe(400);
    expect(page.body.errors?.map((e) => e.field)).toEqual(fields);
  });
});

describe("GET /api/signals/strategy/{strategyId} pages", () => {
  it("walks one strategy's signals", async () => {
    const pages = await walk(strategySignalsLoader, `/api/signals/strategy/${alpha}?limit=3`, "next", { strategyId: String(alpha) });
    expect(pages.flat()).toEqual(alphaOrder);
    expect(pages.length).toBe(2);
  });

  it("refuses an unknown cursor", async () => {
    const page = await get(strategySignalsLoader, `/api/signals/strategy/${alpha}?after=99999`, { strategyId: String(alpha) });
    expect(page.status).toBe(400);
    expect(page.body.errors?.map((e) => e.field)).toEqual(["after"]);
  });
});

describe("GET /api/blog pages", () => {
  it("walks the posts newest first by publish time, then id, keeping the search", async () => {
    const pages = await walk(blogLoader, "/api/blog?limit=2&q=breakout", "next");
    expect(pages.flat()).toEqual(postOrder);
    expect(pages.map((ids) => ids.length)).toEqual([2, 2, 1]);
    const first = await get(blogLoader, "/api/blog?limit=2&q=breakout");
    expect(linkTo(first.link, "next")).toBe(`/api/blog?limit=2&q=breakout&before=${postOrder[1]}`);
  });

  it("pages back with after", async () => {
    const page = await get(blogLoader, `/api/blog?limit=10&after=${postOrder[3]}`);
    expect(page.body.map((p) => p.id)).toEqual(postOrder.slice(0, 3));
    expect(page.next).toBe(String(postOrder[2]));
  });

  it("refuses a cursor that is not a post id", async () => {
    const page = await get(blogLoader, "/api/blog?before=-3");
    expect(page.status).toBe(400);
    expect(page.body.errors?.map((e) => e.field)).toEqual(["before"]);
  });
});
