import { OFFSCREEN_SKIPPED, StaticMarkup } from "~/components/docs/static-markup";
import { GETTING_STARTED, SITE_ORIGIN } from "~/content/docs";

/** Renders `text` with `code` spans for the backtick-quoted parts. */
function WithCode({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/).map((part, index) =>
        part.startsWith("`") && part.endsWith("`") ? <code key={index}>{part.slice(1, -1)}</code> : part,
      )}
    </>
  );
}

/**
 * The "Getting started" guide: keys, first request, pagination, errors, limits, MT5, webhooks, ledger; static markup, not hydrated.
 * @param origin the site's origin, written where an example says SITE_ORIGIN.
 */
export function GettingStarted({ origin }: { origin: string }) {
  return (
    <section aria-labelledby="getting-started" className="mt-10">
      <h2 id="getting-started" className="text-2xl font-bold">
        {GETTING_STARTED.title}
      </h2>
      <StaticMarkup id="getting-started-guide">
        <nav aria-label={GETTING_STARTED.title} className="mt-3">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {GETTING_STARTED.sections.map((section) => (
              <li key={section.id}>
                <a className="underline" href={`#${section.id}`}>
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {GETTING_STARTED.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className={`mt-8 ${OFFSCREEN_SKIPPED}`}>
            <h3 id={`${section.id}-title`} className="text-lg font-semibold">
              {section.title}
            </h3>
            <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
              <WithCode text={section.body} />
            </p>
            {section.examples.map((example) => (
              <figure key={example.label} className="mt-3">
                <figcaption className="text-sm font-semibold">{example.label}</figcaption>
                <pre tabIndex={0} className="mt-1 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100" data-language={example.language}>
                  <code>{example.code.replaceAll(SITE_ORIGIN, origin)}</code>
                </pre>
              </figure>
            ))}
          </section>
        ))}
      </StaticMarkup>
    </section>
  );
}
