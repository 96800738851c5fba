/** Text for XML documents (the RSS feeds, the sitemap). */

/**
 * Escapes `value` for XML element content and quoted attribute values
 * (`& < > " '` as entities) and drops the characters XML 1.0 forbids
 * (C0 controls other than tab, newline and carriage return; U+FFFE, U+FFFF).
 */
export function escapeXml(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
