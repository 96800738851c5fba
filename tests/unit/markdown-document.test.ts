/** The site's Markdown documents: front matter, contents, anchors, sanitising, version order. */
import { describe, expect, it } from "vitest";
import { compareVersions, parseMarkdownDocument, slugifyHeading } from "~/domain/markdown-document";

describe("parseMarkdownDocument", () => {
  it("reads the front matter and renders the body with an id on each h2/h3 and a table of contents", () => {
    const doc = parseMarkdownDocument(`---\ntitle: Terms\nversion: "1.2"\n---\n\n## 1. Who *we* are\n\nText.\n\n### Details\n\n## 1. Who we are\n`);
    expect(doc.data).toEqual({ title: "Terms", version: "1.2" });
    expect(doc.toc).toEqual([
      { level: 2, text: "1. Who we are", id: "1-who-we-are" },
      { level: 3, text: "Details", id: "details" },
      { level: 2, text: "1. Who we are", id: "1-who-we-are-2" },
    ]);
    expect(doc.html).toContain('<h2 id="1-who-we-are">1. Who <em>we</em> are</h2>');
    expect(doc.html).toContain('<h2 id="1-who-we-are-2">');
    expect(doc.text).toContain("Who we are Text.");
  });

  it("strips scripts, event handlers and javascript: links from the rendered HTML", () => {
    const doc = parseMarkdownDocument(`Hello <script>alert(1)</script><img src="https://x.test/a.png" onerror="alert(2)">\n\n[bad](javascript:alert(3))`);
    expect(doc.html).not.toMatch(/script|onerror|javascript:/);
    expect(doc.data).toEqual({});
  });

  it("renders GFM tables", () => {
    expect(parseMarkdownDocument("| a | b |\n|---|---|\n| 1 | 2 |\n").html).toContain("<td>1</td>");
  });

  it("refuses front matter that is not a mapping", () => {
    expect(() => parseMarkdownDocument("---\n- a\n- b\n---\nbody")).toThrow(/mapping/);
  });
});

describe("slugifyHeading and compareVersions", () => {
  it("makes anchors of lower-case words", () => {
    expect(slugifyHeading("7. Refunds & cancellation")).toBe("7-refunds-cancellation");
  });

  it("orders versions numerically", () => {
    expect(["1.9", "1.10", "1.2", "2.0"].sort(compareVersions)).toEqual(["1.2", "1.9", "1.10", "2.0"]);
    expect(compareVersions("1.0", "1")).toBe(0);
  });
});
