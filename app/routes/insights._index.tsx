/**
 * /insights — the insights list (spec sections 2 "Insights list", 4, 5
 * "Insights search" and "Newsletter email", 9: list limit 12, skeleton 6).
 *
 * - Search is a GET form (`?q=`), matched case-insensitively on title or
 *   excerpt on the server; with JavaScript it also filters as you type
 *   (debounced, replacing the history entry).
 * - Category buttons are links (`?category=`) that filter the list (the spec's
 *   buttons do not filter; see docs/decisions/insights-and-contact.md).
 * - The newsletter box is a native POST form (intent=newsletter): the email is
 *   stored once (subscribing again is a success), rate limited per IP; the
 *   confirmation shows inline and, with JavaScript, as a toast.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { controlClass } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import {
  categoryFromSlug,
  FEATURED_INSIGHTS,
  INSIGHT_CATEGORIES,
  INSIGHTS_COPY,
  NEWSLETTER_COPY,
  type InsightCategory,
} from "~/content/insights";
import { formatDate } from "~/domain/signal-display";
import { listPosts, MAX_QUERY_LENGTH, subscribeToNewsletter } from "~/models/blog.server";
import { publicOrigin } from "~/services/env.server";
import { newsletterSchema } from "~/schemas/contact";
import { clientIp } from "~/services/http.server";
import { limitPublicForm, retryMessage } from "~/services/rate-limit.server";

/** Spec section 9: blog list limit 12. */
const INSIGHTS_LIST_LIMIT = 12;
/** Spec section 9: insights skeleton count 6. */
/** Delay between the last keystroke and the search request, in ms. */
const SEARCH_DEBOUNCE_MS = 300;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const title = "Insights | FX Trader";
  return [
    { title },
    { name: "description", content: INSIGHTS_COPY.description },
    { property: "og:title", content: title },
    { property: "og:description", content: INSIGHTS_COPY.description },
    { property: "og:type", content: "website" },
    ...(data ? [{ property: "og:url", content: data.canonicalUrl }, { tagName: "link", rel: "canonical", href: data.canonicalUrl }] : []),
    ...(data
      ? [{ tagName: "link", rel: "alternate", type: "application/rss+xml", title: "FX Trader Insights", href: `${data.origin}/insights/rss.xml` }]
      : []),
  ];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const active = categoryFromSlug(url.searchParams.get("category"));
  const posts = listPosts({ limit: INSIGHTS_LIST_LIMIT, q, category: active?.category ?? null }).map((post) => ({
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    category: post.category,
    publishedAt: post.publishedAt.toISOString(),
  }));
  const origin = publicOrigin(request);
  return json({ posts, q, category: active?.slug ?? null, origin, canonicalUrl: `${origin}/insights` });
}

type NewsletterResult =
  | { intent: "newsletter"; ok: true; message: string; email: string }
  | { intent: "newsletter" | null; ok: false; error: string; email: string };

export async function action({ request, context }: ActionFunctionArgs) {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return json<NewsletterResult>({ intent: null, ok: false, error: "The form could not be read. Please try again.", email: "" }, 400);
  }
  if (formData.get("intent") !== "newsletter") {
    return json<NewsletterResult>({ intent: null, ok: false, error: "Unknown form. Please try again.", email: "" }, 400);
  }
  const raw = formData.get("email");
  const email = typeof raw === "string" ? raw.slice(0, 320) : "";
  const parsed = newsletterSchema.safeParse({ email: email.trim() === "" ? undefined : email });
  if (!parsed.success) {
    return json<NewsletterResult>(
      { intent: "newsletter", ok: false, error: parsed.error.issues[0]?.message ?? NEWSLETTER_COPY.invalidEmail, email },
      400,
    );
  }
  const retryAfter = await limitPublicForm("newsletter", clientIp(context));
  if (retryAfter) {
    return json<NewsletterResult>(
      { intent: "newsletter", ok: false, error: `Too many sign-ups from your network. ${retryMessage(retryAfter)}`, email },
      { status: 429, headers: { "Retry-After": String(retryAfter) } },
    );
  }
  subscribeToNewsletter(parsed.data.email);
  return json<NewsletterResult>({ intent: "newsletter", ok: true, message: NEWSLETTER_COPY.successMessage, email: "" });
}

function searchFor(q: string, category: string | null): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (category) params.set("category", category);
  const search = params.toString();
  return search ? `?${search}` : "";
}

function CategoryLinks({ q, active }: { q: string; active: string | null }) {
  return (
    <nav aria-label="Categories" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {INSIGHT_CATEGORIES.map((c: InsightCategory) => {
          const current = c.slug === active;
          return (
            <li key={c.label}>
              <Link
                to={{ pathname: "/insights", search: searchFor(q, c.slug) }}
                aria-current={current ? "page" : undefined}
                preventScrollReset
                className={buttonClass(current ? "default" : "outline", "sm")}
              >
                {c.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function SearchForm({ q, category }: { q: string; category: string | null }) {
  const submit = useSubmit();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  // Keep the box in step with the URL (back/forward, category links) unless the user is typing in it.
  useEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement !== input && input.value !== q) input.value = q;
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form
      method="get"
      action="/insights"
      role="search"
      className="flex w-full max-w-xl gap-2"
      onChange={(event) => {
        const form = event.currentTarget;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), SEARCH_DEBOUNCE_MS);
      }}
      onSubmit={() => clearTimeout(timer.current)}
    >
      <label htmlFor="insights-search" className="sr-only">
        {INSIGHTS_COPY.searchLabel}
      </label>
      <input
        ref={inputRef}
        id="insights-search"
        type="search"
        name="q"
        defaultValue={q}
        maxLength={MAX_QUERY_LENGTH}
        placeholder={INSIGHTS_COPY.searchPlaceholder}
        autoComplete="off"
        className={controlClass}
      />
      {category ? <input type="hidden" name="category" value={category} /> : null}
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </Form>
  );
}

function Newsletter() {
  const result = useActionData<typeof action>() as NewsletterResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "newsletter";
  const formRef = useRef<HTMLFormElement>(null);
  const handled = useRef<unknown>(undefined);

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      toast({ title: NEWSLETTER_COPY.successTitle, description: result.message });
      formRef.current?.reset();
    } else {
      toast({ title: "Subscription failed", description: result.error, variant: "destructive" });
    }
  }, [result]);

  const error = result && !result.ok ? result.error : null;
  return (
    <section aria-labelledby="newsletter-heading" className="mt-16">
      <Card className="bg-slate-50 dark:bg-slate-900">
        <CardHeader>
          <h2 id="newsletter-heading" className="text-xl leading-tight font-semibold">
            {NEWSLETTER_COPY.title}
          </h2>
          <CardDescription>{NEWSLETTER_COPY.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <Form ref={formRef} method="post" preventScrollReset className="flex max-w-xl flex-col gap-2 sm:flex-row sm:items-start">
            <input type="hidden" name="intent" value="newsletter" />
            <div className="flex-1">
              <label htmlFor="newsletter-email" className="sr-only">
                {NEWSLETTER_COPY.emailLabel}
              </label>
              <input
                id="newsletter-email"
                type="email"
                name="email"
                required
                maxLength={254}
                autoComplete="email"
                placeholder={NEWSLETTER_COPY.placeholder}
                defaultValue={result && !result.ok ? result.email : ""}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "newsletter-error" : undefined}
                className={controlClass}
              />
            </div>
            <Button type="submit" disabled={busy}>
              {busy ? NEWSLETTER_COPY.pending : NEWSLETTER_COPY.button}
            </Button>
          </Form>
          <div aria-live="polite" className="mt-3 text-sm">
            {result?.ok ? (
              <p data-testid="newsletter-success" className="font-medium text-green-800 dark:text-green-300">
                {result.message}
              </p>
            ) : null}
            {error ? (
              <p id="newsletter-error" className="text-red-700 dark:text-red-400">
                {error}
              </p>
            ) : null}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}

export default function Insights() {
  const { posts, q, category } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname.toLowerCase() === "/insights";

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{INSIGHTS_COPY.title}</h1>
        <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">{INSIGHTS_COPY.description}</p>
      </header>

      <div className="mt-8">
        <SearchForm q={q} category={category} />
        <CategoryLinks q={q} active={category} />
      </div>

      <section aria-labelledby="featured-heading" className="mt-12">
        <h2 id="featured-heading" className="text-2xl font-semibold">
          {INSIGHTS_COPY.featuredHeading}
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {FEATURED_INSIGHTS.map((item) => (
            <li key={item.title}>
              <Card className="flex h-full flex-col">
                <CardHeader>
                  <div>
                    <Badge variant="secondary">{item.category}</Badge>
                  </div>
                  <h3 className="mt-2 text-lg leading-tight font-semibold">{item.title}</h3>
                </CardHeader>
                <CardContent className="flex flex-1 flex-col justify-between gap-4">
                  <p className="text-sm text-slate-700 dark:text-slate-300">{item.description}</p>
                  <Link to={item.to} className="text-sm font-medium text-blue-700 underline dark:text-blue-400">
                    {item.cta}
                  </Link>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="latest-heading" className="mt-16">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="latest-heading" className="text-2xl font-semibold">
            {INSIGHTS_COPY.latestHeading}
          </h2>
          <p aria-live="polite" className="text-sm text-slate-600 dark:text-slate-400">
            {q ? `${posts.length} ${posts.length === 1 ? "result" : "results"} for “${q}”` : null}
          </p>
        </div>
        <div aria-busy={searching} className={`mt-6 transition-opacity ${searching ? "opacity-60" : ""}`}>
          {posts.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 p-12 text-center dark:border-slate-600">
              <h3 className="text-lg font-semibold">{INSIGHTS_COPY.emptyTitle}</h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">
                {q ? INSIGHTS_COPY.emptySearchHint : INSIGHTS_COPY.emptyHint}
              </p>
            </div>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {posts.map((post) => (
                <li key={post.id}>
                  <Card className="relative flex h-full flex-col transition-shadow focus-within:shadow-md hover:shadow-md">
                    <CardHeader>
                      <div className="flex items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-400">
                        <Badge variant="outline">{post.category}</Badge>
                        <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
                      </div>
                      <h3 className="mt-2 text-lg leading-tight font-semibold">
                        <Link
                          to={`/insights/${post.slug}`}
                          className="after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
                        >
                          {post.title}
                        </Link>
                      </h3>
                    </CardHeader>
                    {post.excerpt ? (
                      <CardContent>
                        <p className="text-sm text-slate-700 dark:text-slate-300">{post.excerpt}</p>
                      </CardContent>
                    ) : null}
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <Newsletter />
    </div>
  );
}
