/**
 * The one-click unsubscribe post (RFC 8058): mail clients send the body
 * `List-Unsubscribe=One-Click`, the page's button an empty form; the signed
 * token is in the URL, so the form has no field to check.
 */
import { z } from "zod";

export const unsubscribeSchema = z.object({});
