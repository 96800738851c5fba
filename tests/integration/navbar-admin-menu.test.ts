/**
 * The navbar's admin menu: rendered for admins only (decided from the
 * signed-in user's role, on the server), as a <details> disclosure with plain
 * links to the signal desk and the messages, so it works without JavaScript.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { Navbar } from "~/components/navbar";
import { adminLinksFor } from "~/domain/navigation";
import type { PublicUser } from "~/models/users.server";

function renderNavbar(user: PublicUser | null, path = "/"): string {
  const router = createMemoryRouter([{ path: "*", Component: () => createElement(Navbar, { user, theme: "light" }) }], {
    initialEntries: [path],
  });
  const original = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
    original(...args);
  };
  try {
    return renderToString(createElement(RouterProvider, { router }));
  } finally {
    console.error = original;
  }
}

const person = { id: 7, email: "pat@example.com", firstName: "Pat", lastName: null, emailVerified: true };

describe("the navbar's admin menu", () => {
  it("shows admins a disclosure with the signal desk and messages links, on public and portal pages", () => {
    for (const path of ["/", "/portal/dashboard"]) {
      const html = renderNavbar({ ...person, role: "admin" }, path);
      expect(html).toMatch(/<details[^>]*data-testid="admin-menu"/);
      expect(html).toMatch(/<summary[^>]*>Admin/);
      expect(html).toMatch(/<a[^>]*href="\/admin\/signals"[^>]*>Signal desk<\/a>/);
      expect(html).toMatch(/<a[^>]*href="\/admin\/messages"[^>]*>Messages<\/a>/);
      expect(html).toMatch(/<a[^>]*href="\/admin\/deliveries"[^>]*>Deliveries<\/a>/);
    }
  });

  it("is not rendered for other users or signed-out visitors", () => {
    for (const user of [{ ...person, role: "user" as const }, null]) {
      const html = renderNavbar(user);
      expect(html).not.toContain('data-testid="admin-menu"');
      expect(html).not.toContain('href="/admin/signals"');
      expect(html).not.toContain("Signal desk");
    }
  });

  it("adminLinksFor gives the admin pages to the admin role only", () => {
    expect(adminLinksFor("admin").map((link) => link.to)).toEqual(["/admin/signals", "/admin/messages", "/admin/deliveries", "/admin/incidents"]);
    expect(adminLinksFor("user")).toEqual([]);
    expect(adminLinksFor(null)).toEqual([]);
  });
});
