import { describe, expect, it } from "vitest";
import { READ_TIME_LABEL, sanitizePostHtml, truncateExcerpt } from "~/domain/sanitize";

describe("sanitizePostHtml", () => {
  it("removes scripts, styles and iframes with their contents", () => {
    const out = sanitizePostHtml(
      '<p>Hello</p><script>alert("x")</script><style>p{color:red}</style><iframe src="https://evil.example"></iframe>',
    );
    expect(out).toBe("<p>Hello</p>");
  });

  it("removes event handlers and inline styles", () => {
    const out = sanitizePostHtml(
      '<img src="https://cdn.example.com/chart.png" alt="Chart" onerror="alert(1)" style="width:9999px"><p onclick="steal()">Text</p>',
    );
    expect(out).not.toMatch(/onerror|onclick|style=/i);
    expect(out).toContain('<img src="https://cdn.example.com/chart.png" alt="Chart" />');
    expect(out).toContain("<p>Text</p>");
  });

  it("removes javascript: and data: URLs", () => {
    const out = sanitizePostHtml(
      '<a href="javascript:alert(1)">bad</a><a href="JaVaScRiPt:alert(1)">bad2</a><a href="data:text/html,<b>x</b>">bad3</a><img src="data:image/png;base64,AAAA" alt="x"><img src="http://insecure.example/x.png" alt="y">',
    );
    expect(out).not.toMatch(/javascript:|data:/i);
    expect(out).not.toContain("<img");
    expect(out).toContain(">bad</a>");
  });

  it("keeps common article markup and adds rel to links", () => {
    const html = [
      "<h2>Setup</h2><h3>Entry</h3><h4>Detail</h4>",
      "<p><strong>Bold</strong> and <em>italic</em> <code>x = 1</code></p>",
      "<ul><li>one</li></ul><ol><li>two</li></ol>",
      "<blockquote>Quote</blockquote><pre><code>code</code></pre>",
      "<table><thead><tr><th>Pair</th></tr></thead><tbody><tr><td>EURUSD</td></tr></tbody></table>",
      '<p><a href="https://example.com/x" target="_blank" rel="opener">out</a> <a href="/strategies">in</a></p>',
    ].join("");
    const out = sanitizePostHtml(html);
    for (const tag of ["h2", "h3", "h4", "strong", "em", "code", "ul", "ol", "li", "blockquote", "pre", "table", "thead", "tbody", "tr", "th", "td"]) {
      expect(out, tag).toContain(`<${tag}>`);
    }
    expect(out).toContain('<a href="https://example.com/x" rel="noopener noreferrer">out</a>');
    expect(out).toContain('<a href="/strategies" rel="noopener noreferrer">in</a>');
  });

  it("returns an empty string for missing content", () => {
    expect(sanitizePostHtml(null)).toBe("");
    expect(sanitizePostHtml("")).toBe("");
  });
});

describe("truncateExcerpt", () => {
  it("leaves text of 100 characters or fewer unchanged", () => {
    const text = "a".repeat(100);
    expect(truncateExcerpt(text)).toBe(text);
    expect(truncateExcerpt("Short excerpt.")).toBe("Short excerpt.");
    expect(truncateExcerpt(null)).toBe("");
  });

  it("cuts longer text at 100 characters on a word boundary with an ellipsis", () => {
    const text =
      "How we measure the Asian range, which filters decide whether an order goes live, and why most of the edge comes from the trades we skip.";
    const out = truncateExcerpt(text, 100);
    expect(out.endsWith("…")).toBe(true);
    expect(out.length).toBeLessThanOrEqual(101);
    const kept = out.slice(0, -1);
    expect(text.startsWith(kept)).toBe(true);
    // The cut falls between words.
    expect(text[kept.length]).toBe(" ");
    expect(out).toBe("How we measure the Asian range, which filters decide whether an order goes live, and why most of the…");
  });

  it("cuts a single long word at exactly 100 characters", () => {
    expect(truncateExcerpt("x".repeat(150))).toBe(`${"x".repeat(100)}…`);
  });
});

describe("READ_TIME_LABEL", () => {
  it("is the spec's fixed read time", () => {
    expect(READ_TIME_LABEL).toBe("5 min read");
  });
});
