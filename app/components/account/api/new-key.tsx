/** The one-time display of a newly generated API key. */
import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";

/** The freshly generated key: masked with Show and Copy (JavaScript), or as plain selectable text without JavaScript. */
export function NewKey({
  apiKey,
  hydrated,
  toastText,
}: {
  apiKey: string;
  hydrated: boolean;
  toastText: { title: string; description: string };
}) {
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const inputRef = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied("copied");
    } catch {
      // Clipboard refused (permissions, insecure origin): reveal and select so the user can copy by hand.
      setShown(true);
      requestAnimationFrame(() => inputRef.current?.select());
      setCopied("failed");
    }
  }

  return (
    <section
      aria-labelledby="new-key-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      data-testid="new-api-key"
    >
      {!hydrated ? (
        <noscript>
          <div role="status" className="mb-3">
            <p className="font-semibold">{toastText.title}</p>
            <p className="text-sm">{toastText.description}</p>
          </div>
        </noscript>
      ) : null}
      <h3 id="new-key-title" className="font-semibold">
        Your new API key
      </h3>
      <p className="mt-1 text-sm">Copy it now and keep it somewhere safe. It will not be shown again.</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label htmlFor="new-api-key" className="sr-only">
          New API key
        </label>
        <input
          ref={inputRef}
          id="new-api-key"
          type={shown ? "text" : "password"}
          readOnly
          value={apiKey}
          autoComplete="off"
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          className={`${controlClass} max-w-xl flex-1 font-mono`}
        />
        {hydrated ? (
          <>
            <Button type="button" variant="outline" size="md" aria-pressed={shown} onClick={() => setShown((value) => !value)}>
              {shown ? "Hide" : "Show"}
            </Button>
            <Button type="button" variant="secondary" size="md" onClick={copy}>
              Copy
            </Button>
          </>
        ) : null}
      </div>
      <p aria-live="polite" className="mt-2 text-sm">
        {copied === "copied" ? "Copied to the clipboard." : copied === "failed" ? "Copying failed: the key is selected, copy it by hand." : ""}
      </p>
      {!hydrated ? (
        <noscript>
          <p className="mt-2 text-sm">Your key (select it to copy):</p>
          <code className="mt-1 block rounded-md bg-white p-2 font-mono text-sm break-all text-slate-900 select-all dark:bg-slate-900 dark:text-slate-100">
            {apiKey}
          </code>
        </noscript>
      ) : null}
    </section>
  );
}
