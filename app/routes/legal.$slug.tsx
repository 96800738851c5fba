/**
 * /legal/risk-warning, /legal/terms, /legal/privacy, /legal/disclaimers — the
 * current version of a legal document, or `?version=` an earlier one, from
 * the Markdown in app/content/legal (legal-documents.server.ts), with its
 * contents, version, effective date and version list.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalBody, LegalHeader, LegalToc, LegalVersions } from "~/components/legal/legal-page";
import { RouteErrorPage } from "~/components/not-found";
import { LEGAL_PAGE_COPY } from "~/content/legal-pages";
import { LEGAL_PATHS } from "~/content/legal-paths";
import { pageMeta } from "~/domain/page-meta";
import { currentLegalVersion, getLegalDocument, isLegalSlug, listLegalVersions } from "~/services/legal-documents.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  if (!isLegalSlug(slug)) throw json({ message: LEGAL_PAGE_COPY.notFoundMessage }, { status: 404 });
  const version = new URL(request.url).searchParams.get("version");
  const document = getLegalDocument(slug, version);
  if (!document) throw json({ message: LEGAL_PAGE_COPY.notFoundMessage }, { status: 404 });
  return json({
    document,
    path: LEGAL_PATHS[slug],
    currentVersion: currentLegalVersion(slug),
    versions: listLegalVersions(slug),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? pageMeta(data.document.title, data.document.summary) : [{ title: `${LEGAL_PAGE_COPY.notFoundTitle} | FX Trader` }, { name: "robots", content: "noindex" }];

export default function LegalPage() {
  const { document, path, currentVersion, versions } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
      <LegalHeader
        title={document.title}
        summary={document.summary}
        version={document.version}
        effective={document.effective}
        currentVersion={currentVersion}
        path={path}
      />
      <LegalToc toc={document.toc} />
      <LegalBody html={document.html} />
      <LegalVersions path={path} versions={versions} shown={document.version} />
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      notFound={{ title: LEGAL_PAGE_COPY.notFoundTitle, message: LEGAL_PAGE_COPY.notFoundMessage }}
      failed={LEGAL_PAGE_COPY.failed}
      link={{ to: LEGAL_PATHS.terms, label: "Terms of Use" }}
    />
  );
}
