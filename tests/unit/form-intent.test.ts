import { z } from "zod";
import { lastResultFor } from "~/components/ui/intent-result";
import { DEFAULT_ECHO_MAX_CHARS, ECHO_MAX_ITEMS, handleIntent } from "~/services/form-intent.server";
import { readToast } from "~/services/toast.server";

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), name: z.string({ required_error: "Name is required" }).trim().max(20) }),
  z.object({ intent: z.literal("count"), amount: z.number().int() }),
]);

function post(body: BodyInit, contentType = "application/x-www-form-urlencoded") {
  return new Request("http://localhost/page", { method: "POST", body, headers: { "Content-Type": contentType } });
}

describe("handleIntent", () => {
  it("redirects with the handler's toast on success, for the intent posted", async () => {
    const seen: unknown[] = [];
    const response = await handleIntent(post("intent=rename&name=Rita"), schema, (value) => {
      seen.push(value);
      return { toast: { title: "Saved" }, redirectTo: "/page?saved=1" };
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/page?saved=1");
    expect(seen).toEqual([{ intent: "rename", name: "Rita" }]);
    const next = new Request("http://localhost/page", { headers: { Cookie: response.headers.get("Set-Cookie")!.split(";")[0] } });
    expect((await readToast(next)).toast).toEqual({ title: "Saved" });
  });

  it("answers 400 with the field's message and never runs the handler on invalid input", async () => {
    let ran = false;
    const response = await handleIntent(post("intent=rename&name="), schema, () => {
      ran = true;
      return { toast: { title: "Saved" }, redirectTo: "/page" };
    });
    expect(ran).toBe(false);
    expect(response.status).toBe(400);
    const reply = await response.json();
    expect(reply.intent).toBe("rename");
    expect(reply.submission.error).toMatchObject({ name: ["Name is required"] });
  });

  it("coerces form strings per the chosen intent's schema", async () => {
    const response = await handleIntent(post("intent=count&amount=42"), schema, (value) => ({ data: value }));
    expect(response.status).toBe(200);
    expect((await response.json()).data).toEqual({ intent: "count", amount: 42 });
  });

  it("re-renders handler-reported errors with status 400 unless told otherwise", async () => {
    const response = await handleIntent(post("intent=rename&name=Rita"), schema, () => ({
      fieldErrors: { name: ["Name is taken"] },
      status: 409,
    }));
    expect(response.status).toBe(409);
    expect((await response.json()).submission.error).toMatchObject({ name: ["Name is taken"] });
  });

  it("never echoes more than a field's maximum length back", async () => {
    const huge = "x".repeat(100_000);
    const response = await handleIntent(post(`intent=rename&name=${huge}&other=${huge}`), schema, () => ({}));
    const reply = await response.json();
    expect(response.status).toBe(400);
    expect(reply.submission.initialValue!.name).toHaveLength(20);
    expect(reply.submission.initialValue!.other).toHaveLength(DEFAULT_ECHO_MAX_CHARS);
  });

  it("never echoes more than ECHO_MAX_ITEMS values of a repeated field", async () => {
    const repeated = Array.from({ length: 5_000 }, (_, i) => `pick=${i}`).join("&");
    const response = await handleIntent(post(`intent=rename&name=&${repeated}`), schema, () => ({}));
    const reply = await response.json();
    expect(reply.submission.initialValue!.pick).toHaveLength(ECHO_MAX_ITEMS);
  });

  it.each([
    ["application/json", '{"intent":"rename"}', 415],
    ["text/plain", "intent=rename", 415],
    ["application/octet-stream", "intent=rename", 415],
    ["multipart/form-data", "intent=rename", 415],
  ])("refuses a %s body with a %i Response, never a 500", async (type, body, status) => {
    const thrown = await handleIntent(post(body, type), schema, () => ({})).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(status);
  });
});

describe("lastResultFor", () => {
  it("gives a form its own reply and no other form's", () => {
    const reply = { intent: "rename", submission: { status: "error" as const, error: { name: ["x"] } } };
    expect(lastResultFor(reply, "rename")).toBe(reply.submission);
    expect(lastResultFor(reply, "count")).toBeUndefined();
    expect(lastResultFor(undefined, "rename")).toBeUndefined();
  });
});
