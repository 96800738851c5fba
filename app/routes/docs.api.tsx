/**
 * /docs/api — the API documentation: a "Getting started" guide, Scalar's
 * interactive reference with JavaScript, loaded when the reader opens it
 * (`?reference=interactive`; its bundle fetched by this page only), and,
 * always server-rendered, every operation of the OpenAPI document with
 * parameters, responses and a curl example. The guide's examples name the
 * origin the page is served from (APP_URL when set).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GettingStarted } from "~/components/docs/getting-started";
import { InteractiveReference } from "~/components/docs/interactive-reference";
import { OperationList } from "~/components/docs/operation-list";
import { PageHeader } from "~/components/marketing";
import { DOCS_INTRO, DOCS_META } from "~/content/docs";
import { pageMeta } from "~/domain/page-meta";
import { publicOrigin } from "~/platform/env.server";
import { openApiDocument } from "~/services/openapi/document.server";
import { listOperations } from "~/services/openapi/operations.server";
import { referenceBundleUrl } from "~/services/openapi/reference-bundle.server";

export const meta: MetaFunction = () => pageMeta(DOCS_META.title, DOCS_META.description);

export function loader({ request }: LoaderFunctionArgs) {
  return json({ operations: listOperations(openApiDocument()), bundleUrl: referenceBundleUrl(), origin: publicOrigin(request) });
}

/** Opening or closing the reference changes only the query: the loader's data (the same for every query) stays. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  formMethod === undefined && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function ApiDocs() {
  const { operations, bundleUrl, origin } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <PageHeader title={DOCS_INTRO.title} lead={DOCS_INTRO.lead}>
        <p className="mt-4">
          <a className="font-semibold underline" href={DOCS_INTRO.documentPath}>
            {DOCS_INTRO.documentLabel}
          </a>
        </p>
      </PageHeader>
      <GettingStarted origin={origin} />
      <InteractiveReference bundleUrl={bundleUrl} documentUrl={DOCS_INTRO.documentPath} />
      <OperationList operations={operations} />
    </div>
  );
}
