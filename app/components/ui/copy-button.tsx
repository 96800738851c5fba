/**
 * "Copy" beside a secret shown once (a webhook's signing secret, recovery
 * codes). An enhancement: it renders only once hydrated and where the
 * browser offers the Clipboard API; without JavaScript the text itself stays
 * selectable. After a copy it reads "Copied", announced politely.
 */
import { useState } from "react";
import { Button } from "./button";
import { useHydrated } from "./use-hydrated";

/** @param text what is copied. @param label the button's text before copying (default "Copy"). */
export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated || typeof navigator === "undefined" || !navigator.clipboard) return null;
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-live="polite"
      onClick={() => navigator.clipboard.writeText(text).then(() => setCopied(true), () => setCopied(false))}
    >
      {copied ? "Copied" : label}
    </Button>
  );
}
