/**
 * /legal/accept — the interstitial a signed-in user sees before the portal
 * when the Terms of Use or the Privacy Policy has a version they have not
 * accepted (requireViewer sends them here). Accepting is one form post,
 * which records the current versions and returns to `returnTo`.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { CONSENT_COPY } from "~/content/legal-pages";
import { LEGAL_PATHS } from "~/content/legal-paths";
import { pageMeta } from "~/domain/page-meta";
import { acceptCurrentConsent, consentDue } from "~/services/consent.server";
import { acceptConsentSchema } from "~/schemas/consent";
import { handleIntent } from "~/services/form-intent.server";
import { safeRedirect } from "~/services/http.server";
import { getLegalDocument } from "~/services/legal-documents.server";
import { requireViewer } from "~/services/session.server";

export const meta: MetaFunction = () => [...pageMeta(CONSENT_COPY.pageTitle, CONSENT_COPY.pageLead), { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, { allowPendingConsent: true });
  const returnTo = safeRedirect(new URL(request.url).searchParams.get("returnTo"));
  const due = consentDue(viewer.user.id);
  if (due.length === 0) throw redirect(returnTo);
  const documents = due.map(({ document, version }) => {
    const doc = getLegalDocument(document, version);
    return { document, version, title: doc?.title ?? document, summary: doc?.summary ?? "", effective: doc?.effective ?? "", path: LEGAL_PATHS[document] };
  });
  return json({ documents, returnTo });
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, { allowPendingConsent: true });
  return handleIntent(request, acceptConsentSchema, ({ returnTo }) => {
    acceptCurrentConsent(viewer.user.id, new Date());
    return { redirectTo: safeRedirect(returnTo), toast: { title: CONSENT_COPY.acceptedToast } };
  });
}

export default function AcceptTerms() {
  const { documents, returnTo } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{CONSENT_COPY.pageTitle}</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">{CONSENT_COPY.pageLead}</p>
      <ul className="mt-8 space-y-4" data-testid="pending-documents">
        {documents.map((doc) => (
          <li key={doc.document} className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
            <Link to={`${doc.path}?version=${encodeURIComponent(doc.version)}`} className="text-lg font-semibold text-blue-700 underline dark:text-blue-400">
              {doc.title}
            </Link>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              Version {doc.version}, effective {doc.effective}
            </p>
            <p className="mt-2 text-sm">{doc.summary}</p>
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-8">
        <input type="hidden" name="returnTo" value={returnTo} />
        <Button type="submit">{CONSENT_COPY.acceptButton}</Button>
      </Form>
      <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">{CONSENT_COPY.leaveNote}</p>
    </div>
  );
}
