/** The viewer's API keys with Regenerate and Revoke for the active ones. */
import { Form, useNavigation } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDate, formatDateTime } from "~/domain/signal-display";
import { API_PAGE } from "./styles";
import { TableHead } from "~/components/ui/table-head";

export interface KeyRow {
  id: number;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  status: "active" | "revoked";
}

/** The buttons of an active key's row, each its own form post: intent, button text while idle and while posting. */
const KEY_ACTIONS = [
  { intent: "regenerate", label: "Regenerate", pending: "Regenerating...", variant: "outline" },
  { intent: "revoke", label: "Revoke", pending: "Revoking...", variant: "destructive" },
] as const;

export function KeysTable({ keys }: { keys: KeyRow[] }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === API_PAGE;
  const busyIntent = busy ? navigation.formData?.get("intent") : null;
  const busyKeyId = busy ? navigation.formData?.get("keyId") : null;
  return (
  <Card>
    <CardHeader>
      <CardTitle>Your keys</CardTitle>
      <CardDescription>Regenerate replaces a key with a new one; the old key stops working at once.</CardDescription>
    </CardHeader>
    <CardContent>
      {keys.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">No API keys yet. Generate one to get started.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Your API keys</caption>
            <TableHead
              className="border-b border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-300"
              cellClassName="py-2 font-medium"
              columns={[
                { label: "Key", className: "pr-4" },
                { label: "Created", className: "pr-4" },
                { label: "Last used", className: "pr-4" },
                { label: "Status", className: "pr-4" },
                { label: <span className="sr-only">Actions</span> },
              ]}
            />
            <tbody>
              {keys.map((key) => (
                <tr key={key.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800" data-testid="api-key-row">
                  <td className="py-3 pr-4 font-mono">{`${key.prefix}…`}</td>
                  <td className="py-3 pr-4">
                    <time dateTime={key.createdAt}>{formatDate(key.createdAt)}</time>
                  </td>
                  <td className="py-3 pr-4">
                    {key.lastUsedAt ? <time dateTime={key.lastUsedAt}>{formatDateTime(key.lastUsedAt)}</time> : "Never"}
                  </td>
                  <td className="py-3 pr-4">
                    {key.status === "active" ? (
                      <Badge variant="success">Active</Badge>
                    ) : (
                      <Badge variant="secondary">Revoked</Badge>
                    )}
                  </td>
                  <td className="py-3">
                    {key.status === "active" ? (
                      <div className="flex flex-wrap justify-end gap-2">
                        {KEY_ACTIONS.map((action) => (
                          <Form key={action.intent} method="post" action={API_PAGE}>
                            <input type="hidden" name="intent" value={action.intent} />
                            <input type="hidden" name="keyId" value={key.id} />
                            <Button
                              type="submit"
                              variant={action.variant}
                              size="sm"
                              disabled={busy}
                              aria-label={`${action.label} key ${key.prefix}`}
                            >
                              {busyIntent === action.intent && busyKeyId === String(key.id) ? action.pending : action.label}
                            </Button>
                          </Form>
                        ))}
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </CardContent>
  </Card>
  );
}
