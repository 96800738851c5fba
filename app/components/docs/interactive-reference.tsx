import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { DOCS_INTRO } from "~/content/docs";
import { loadReferenceBundle, REFERENCE_PARAM, REFERENCE_VALUE, type ReferenceInstance } from "~/components/docs/reference-bundle";

/**
 * Darker greys and blue for Scalar's light theme, whose defaults (#757575
 * and #8e8e8e text, #0084d6 method names, on #fff and #f6f6f6) fall short of
 * WCAG AA's 4.5:1; these reach it on every Scalar background (#fff, #f6f6f6,
 * #e7e7e7). The doubled class outranks the theme's own `.light-mode` rule.
 */
const SCALAR_CSS = ".light-mode.light-mode{--scalar-color-2:#595959;--scalar-color-3:#666666;--scalar-color-blue:#006cb0}";

/**
 * Scalar configuration: the document from this site, colours that meet AA
 * contrast; nothing that calls Scalar's own services (AI agent, MCP,
 * telemetry, developer tools, web fonts).
 */
const SCALAR_OPTIONS = (url: string) => ({
  url,
  customCss: SCALAR_CSS,
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
  telemetry: false,
  withDefaultFonts: false,
});

/** Where the reference stands: closed, or open and loading, mounted or failed. */
type Phase = "idle" | "loading" | "ready" | "failed";

/**
 * The status line of an open reference in `phase`: before hydration (and so
 * without JavaScript) that it needs JavaScript; once hydrated, idle only for
 * the render before the load starts, which says nothing.
 */
function statusText(phase: Phase, hydrated: boolean): string | null {
  if (!hydrated) return DOCS_INTRO.referenceNeedsScript;
  if (phase === "idle") return null;
  if (phase === "loading") return DOCS_INTRO.referenceLoading;
  if (phase === "failed") return DOCS_INTRO.referenceFailed;
  return null;
}

/**
 * The "Reference" section: Scalar's interactive reference, loaded on demand
 * (docs/decisions/0070-api-reference-on-demand.md). Closed, it is a short
 * lead and a link to `?reference=interactive#reference`; open (that query),
 * it fetches Scalar's bundle (`bundleUrl`, this page only, never part of the
 * app's JavaScript) once and mounts the reference on `documentUrl`, and the
 * close link unmounts it. Without JavaScript the open section says the
 * reference needs it; the server-rendered operation list stands in.
 */
export function InteractiveReference({ bundleUrl, documentUrl }: { bundleUrl: string; documentUrl: string }) {
  const open = new URLSearchParams(useLocation().search).get(REFERENCE_PARAM) === REFERENCE_VALUE;
  const target = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const hydrated = useHydrated();
  useEffect(() => {
    if (!open) return;
    let instance: ReferenceInstance | undefined;
    let cancelled = false;
    setPhase("loading");
    loadReferenceBundle(bundleUrl).then(
      (scalar) => {
        if (cancelled || !target.current) return;
        instance = scalar.createApiReference(target.current, SCALAR_OPTIONS(documentUrl));
        setPhase("ready");
      },
      () => {
        if (!cancelled) setPhase("failed");
      },
    );
    return () => {
      cancelled = true;
      instance?.destroy();
      setPhase("idle");
    };
  }, [open, bundleUrl, documentUrl]);
  const status = open ? statusText(phase, hydrated) : null;
  return (
    <section aria-labelledby="reference" className="mt-12" data-reference-ready={phase === "ready" ? "true" : "false"}>
      <h2 id="reference" className="text-2xl font-bold">
        {DOCS_INTRO.referenceTitle}
      </h2>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{DOCS_INTRO.referenceLead}</p>
      <p className="mt-3">
        <Link
          className="font-semibold underline"
          to={{ search: open ? "" : `?${REFERENCE_PARAM}=${REFERENCE_VALUE}`, hash: "reference" }}>
          {open ? DOCS_INTRO.referenceClose : DOCS_INTRO.referenceOpen}
        </Link>
      </p>
      {status ? (
        <p role="status" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {status}
        </p>
      ) : null}
      {open ? <div ref={target} className="mt-4" /> : null}
    </section>
  );
}
