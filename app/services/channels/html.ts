/** HTML escaping for the bodies of outgoing emails. */

/** `text` with `& < > " '` replaced by their entities, safe inside element content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
