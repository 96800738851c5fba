/**
 * Which versions of the Terms of Use and the Privacy Policy each user accepted
 * and when (table legal_acceptances, a history: the newest row per document counts).
 */
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { LEGAL_CONSENT_DOCUMENTS, legalAcceptances } from "../../db/schema";
import { getDb } from "~/platform/db.server";

export type ConsentDocument = (typeof LEGAL_CONSENT_DOCUMENTS)[number];

/** The versions accepted: `{terms: {version, acceptedAt} | null, privacy: …}`. */
export type AcceptedVersions = Record<ConsentDocument, { version: string; acceptedAt: Date } | null>;

type Writer = Pick<Db, "insert">;

/**
 * Records that `userId` accepted `versions` at `now` (one row per document).
 * @param db the connection or the caller's transaction.
 */
export function recordAcceptance(db: Writer, userId: number, versions: Record<ConsentDocument, string>, now: Date): void {
  db.insert(legalAcceptances)
    .values(LEGAL_CONSENT_DOCUMENTS.map((document) => ({ userId, document, version: versions[document], acceptedAt: now })))
    .run();
}

/** The newest accepted version of each document for `userId` (null where none was ever accepted). */
export function acceptedVersions(userId: number, db: Db = getDb()): AcceptedVersions {
  const latest = (document: ConsentDocument) =>
    db
      .select({ version: legalAcceptances.version, acceptedAt: legalAcceptances.acceptedAt })
      .from(legalAcceptances)
      .where(and(eq(legalAcceptances.userId, userId), eq(legalAcceptances.document, document)))
      .orderBy(desc(legalAcceptances.acceptedAt), desc(legalAcceptances.id))
      .limit(1)
      .get() ?? null;
  return { terms: latest("terms"), privacy: latest("privacy") };
}

/** Every acceptance of `userId`, oldest first (the data export). */
export function listAcceptances(userId: number, db: Db = getDb()) {
  return db.select().from(legalAcceptances).where(eq(legalAcceptances.userId, userId)).orderBy(legalAcceptances.acceptedAt).all();
}
