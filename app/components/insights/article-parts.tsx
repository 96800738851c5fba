/** Parts of an /insights/{slug} article page: author line with share, sanitised body, related posts and the closing call to action. */
import { Link } from "@remix-run/react";

import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import { ARTICLE_COPY, AUTHOR_BLOCK } from "~/content/insight-article";
import { PostCard, type PostSummary } from "./post-card";

/**
 * Share: a link to the article until hydrated (works without JavaScript);
 * then a button using the Web Share API where there is one, else copying the link.
 */
function ShareButton({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();

  if (!hydrated) {
    return (
      <a href={url} className={buttonClass("outline", "sm")}>
        {ARTICLE_COPY.share}
      </a>
    );
  }

  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The user closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: "The article link is on your clipboard." });
    } catch {
      toast({ title: "Copy this link", description: url });
    }
  }

  return (
    <Button variant="outline" size="sm" onClick={share}>
      {ARTICLE_COPY.share}
    </Button>
  );
}

/** Readable typography for the sanitised article HTML. */
export const ARTICLE_BODY_CLASS = [
  "text-base leading-7 text-slate-800 dark:text-slate-200",
  "[&_p]:mt-5 [&>*:first-child]:mt-0",
  "[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-slate-900 dark:[&_h2]:text-slate-50",
  "[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-slate-50",
  "[&_h4]:mt-6 [&_h4]:text-lg [&_h4]:font-semibold",
  "[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2",
  "[&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-slate-50",
  "[&_a]:font-medium [&_a]:text-blue-700 [&_a]:underline dark:[&_a]:text-blue-400",
  "[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-blue-600 [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-sm dark:[&_code]:bg-slate-800",
  "[&_pre]:mt-5 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_table]:mt-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm",
  "[&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-100 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left dark:[&_th]:border-slate-600 dark:[&_th]:bg-slate-800",
  "[&_td]:border [&_td]:border-slate-300 [&_td]:px-3 [&_td]:py-2 dark:[&_td]:border-slate-600",
  "[&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_figcaption]:mt-2 [&_figcaption]:text-sm [&_figcaption]:text-slate-600",
  "[&_hr]:my-10 [&_hr]:border-slate-200 dark:[&_hr]:border-slate-700",
].join(" ");

/** Up to two initials of `name`, upper case ("Jane Trader" → "JT"). */
function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0])
    .filter(Boolean)
    .slice(0, 2)
    .join("")
    .toUpperCase();
}

/** The author (or the house author block) with initials, and the Share button for `url`. */
export function ArticleByline({
  author: postAuthor,
  url,
  title,
}: {
  author: string | null;
  url: string;
  title: string;
}) {
  const author = postAuthor ?? AUTHOR_BLOCK.name;
  const initials = initialsOf(author);
  return (
    <div className="mt-8 flex flex-wrap items-center justify-between gap-4 border-y border-slate-200 py-4 dark:border-slate-700">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-11 w-11 items-center justify-center rounded-full bg-blue-100 font-semibold text-blue-900 dark:bg-blue-900 dark:text-blue-100"
        >
          {initials}
        </span>
        <div>
          <p className="font-semibold">{author}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{AUTHOR_BLOCK.role}</p>
        </div>
      </div>
      <ShareButton url={url} title={title} />
    </div>
  );
}

/** The article's sanitised HTML (`html`, from the loader), or a note when it has none. */
export function ArticleBody({ html }: { html: string | null }) {
  return html ? (
    <div
      data-testid="article-body"
      className={`mt-10 ${ARTICLE_BODY_CLASS}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  ) : (
    <p className="mt-10 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700 dark:border-slate-600 dark:text-slate-300">
      {ARTICLE_COPY.noContent}
    </p>
  );
}


/** The related posts, when there are any. */
export function RelatedPosts({ related }: { related: PostSummary[] }) {
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-16">
      <h2 id="related-heading" className="text-2xl font-semibold">
        {ARTICLE_COPY.relatedHeading}
      </h2>
      <ul className="mt-6 grid gap-6 md:grid-cols-3">
        {related.map((r) => (
          <li key={r.id}>
            <PostCard post={r} titleSize="text-base" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The closing call to action: strategies and pricing. */
export function ArticleCta() {
  return (
    <section className="mt-16 rounded-2xl bg-blue-700 p-8 text-white dark:bg-blue-900">
      <h2 className="text-2xl font-semibold">{ARTICLE_COPY.ctaTitle}</h2>
      <p className="mt-2 text-blue-50">{ARTICLE_COPY.ctaDescription}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to="/strategies" variant="secondary">
          {ARTICLE_COPY.ctaStrategies}
        </ButtonLink>
        <Link
          to="/pricing"
          className="inline-flex h-10 items-center justify-center rounded-md border border-white px-4 text-sm font-medium text-white transition-colors hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {ARTICLE_COPY.ctaPricing}
        </Link>
      </div>
    </section>
  );
}
