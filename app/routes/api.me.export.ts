import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportUserTables } from "~/models/account-privacy.server";
import { apiHandler, applySecurityHeaders, readOnlyAction } from "~/services/http.server";
import { requireApiUser } from "~/services/session.server";

/** Rows per chunk written to the stream. */
const ROWS_PER_CHUNK = 200;

/**
 * The export document, streamed: `{"exportedAt": ISO, "userId": n, "tables": {"<table>": [rows…], …}}`,
 * one table after another, ROWS_PER_CHUNK rows per chunk, so memory stays flat however large the account.
 */
function exportStream(userId: number, now: Date): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const tables = exportUserTables(userId);
  let current: { rows: IterableIterator<Record<string, unknown>>; first: boolean } | null = null;
  let firstTable = true;
  let started = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`{"exportedAt":${JSON.stringify(now.toISOString())},"userId":${userId},"tables":{`));
        return;
      }
      if (!current) {
        const next = tables.next();
        if (next.done) {
          controller.enqueue(encoder.encode("}}\n"));
          controller.close();
          return;
        }
        const [name, rows] = next.value;
        controller.enqueue(encoder.encode(`${firstTable ? "" : ","}${JSON.stringify(name)}:[`));
        firstTable = false;
        current = { rows, first: true };
        return;
      }
      const parts: string[] = [];
      for (let i = 0; i < ROWS_PER_CHUNK; i++) {
        const row = current.rows.next();
        if (row.done) {
          parts.push("]");
          current = null;
          break;
        }
        parts.push(`${current.first ? "" : ","}${JSON.stringify(row.value)}`);
        current.first = false;
      }
      controller.enqueue(encoder.encode(parts.join("")));
    },
  });
}

/**
 * GET /api/me/export: everything tied to the caller's account as one JSON file (attachment),
 * streamed table by table; secrets (password hash, key hashes, 2FA secret, webhook secrets,
 * session ids) are left out. Answers while consent or a deletion is pending: it is the user's own data.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, { allowPendingConsent: true });
  const now = new Date();
  const headers = applySecurityHeaders(
    new Headers({
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="fx-trader-data-${user.id}-${now.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
      // Unique per export, so the /api conventions do not read the stream back to hash it.
      ETag: `W/"export-${user.id}-${now.getTime()}"`,
    }),
  );
  return new Response(exportStream(user.id, now), { status: 200, headers });
});

export const action = readOnlyAction();
