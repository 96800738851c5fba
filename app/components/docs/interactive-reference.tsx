import { useEffect, useRef, useState } from "react";
import { DOCS_INTRO } from "~/content/docs";

declare global {
  interface Window {
    Scalar?: { createApiReference: (target: HTMLElement, options: Record<string, unknown>) => unknown };
  }
}

/**
 * Scalar configuration: the document from this site; nothing that calls
 * Scalar's own services (AI agent, MCP, telemetry, developer tools, web fonts).
 */
const SCALAR_OPTIONS = (url: string) => ({
  url,
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
  telemetry: false,
  withDefaultFonts: false,
});

/**
 * Scalar's interactive reference, mounted after hydration from its own bundle
 * (`bundleUrl`, loaded by this page only, never part of the app's JavaScript).
 * Without JavaScript nothing renders here; the server-rendered list stands in.
 */
export function InteractiveReference({ bundleUrl, documentUrl }: { bundleUrl: string; documentUrl: string }) {
  const target = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const script = document.createElement("script");
    script.src = bundleUrl;
    script.async = true;
    script.onload = () => {
      if (!target.current || !window.Scalar) return;
      window.Scalar.createApiReference(target.current, SCALAR_OPTIONS(documentUrl));
      setReady(true);
    };
    document.body.appendChild(script);
    return () => script.remove();
  }, [bundleUrl, documentUrl]);
  return (
    <section aria-labelledby="reference" className="mt-12" data-reference-ready={ready ? "true" : "false"}>
      <h2 id="reference" className="text-2xl font-bold">
        {DOCS_INTRO.referenceTitle}
      </h2>
      {ready ? null : <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{DOCS_INTRO.referenceLoading}</p>}
      <div ref={target} className="mt-4" />
    </section>
  );
}
