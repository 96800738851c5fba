import { count, desc } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../../db/schema";
import { action as contactAction, loader as contactLoader } from "~/routes/contact";
import { loader as messagesLoader } from "~/routes/admin.messages";
import { getDb } from "~/platform/db.server";
import { createUser, signedInCookie } from "../support/fixtures";
import { formRequest, getRequest, jsonRequest, routeArgs, thrownResponse } from "../support/http";
import { toastOf } from "../support/toast";

const ORIGIN = "http://fx.test";

function postContact(fields: Record<string, string>, ip: string) {
  return routeArgs(formRequest(`${ORIGIN}/contact`, fields, { headers: { "X-Forwarded-For": ip } }));
}

const VALID = {
  name: "Jane Trader",
  email: "Jane@Example.com",
  tradingExperience: "intermediate",
  preferredTime: "morning",
  goals: "Consistent swing trading.",
  message: "I'd like to know more about Alpha Swing.",
};

const messageCount = () => getDb().select({ n: count() }).from(contactMessages).get()!.n;

describe("/contact action", () => {
  it("stores a valid message and redirects back with the flash toast", async () => {
    const before = messageCount();
    const res = (await contactAction(postContact(VALID, "192.0.2.1"))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/contact?sent=1");
    expect(res.headers.get("Set-Cookie")).toMatch(/^__flash=/);
    expect(await toastOf(res)).toEqual({ title: "Message Sent!", description: "We'll get back to you within 24 hours." });

    expect(messageCount()).toBe(before + 1);
    const row = getDb().select().from(contactMessages).orderBy(desc(contactMessages.id)).get()!;
    expect(row).toMatchObject({
      name: "Jane Trader",
      email: "jane@example.com",
      tradingExperience: "intermediate",
      preferredTime: "morning",
      goals: "Consistent swing trading.",
      message: "I'd like to know more about Alpha Swing.",
    });
  });

  it("stores optional fields as null when left empty", async () => {
    const res = (await contactAction(
      postContact({ name: "Min", email: "min@example.com", tradingExperience: "", preferredTime: "", goals: "", message: "Hi" }, "192.0.2.2"),
    )) as Response;
    expect(res.status).toBe(302);
    const row = getDb().select().from(contactMessages).orderBy(desc(contactMessages.id)).get()!;
    expect(row).toMatchObject({ name: "Min", tradingExperience: null, preferredTime: null, goals: null });
  });

  it("rejects missing required fields with 400, field errors and the form message", async () => {
    const before = messageCount();
    const res = (await contactAction(postContact({ name: " ", email: "", message: "", goals: "x" }, "192.0.2.3"))) as Response;
    expect(res.status).toBe(400);
    const body = (await res.json()).submission;
    expect(body.status).toBe("error");
    expect(body.error.name).toEqual(["Full name is required"]);
    expect(body.error.email).toEqual(["Email is required"]);
    expect(body.error.message).toEqual(["Message is required"]);
    expect(body.error[""]).toEqual(["Please fill in all required fields."]);
    // The submitted values come back so the form can be re-rendered.
    expect(body.initialValue.goals).toBe("x");
    expect(messageCount()).toBe(before);
  });

  it("echoes no more of an over-long field than its maximum", async () => {
    const res = (await contactAction(postContact({ ...VALID, message: "m".repeat(200_000) }, "192.0.2.9"))) as Response;
    expect(res.status).toBe(400);
    const body = (await res.json()).submission;
    expect(body.error.message).toEqual(["Message must be at most 5000 characters"]);
    expect(body.initialValue.message).toHaveLength(5000);
  });

  it("refuses a JSON body with 415", async () => {
    const thrown = await contactAction(routeArgs(jsonRequest(`${ORIGIN}/contact`, VALID))).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(415);
  });

  it("rejects an invalid email or option with 400", async () => {
    const before = messageCount();
    const res = (await contactAction(postContact({ ...VALID, email: "nope", tradingExperience: "guru" }, "192.0.2.4"))) as Response;
    expect(res.status).toBe(400);
    const body = (await res.json()).submission;
    expect(body.error.email).toEqual(["Enter a valid email address"]);
    expect(body.error.tradingExperience).toBeTruthy();
    expect(body.error[""]).toEqual(["Please check the highlighted fields."]);
    expect(messageCount()).toBe(before);
  });

  it("pretends success but stores nothing when the honeypot is filled", async () => {
    const before = messageCount();
    const res = (await contactAction(postContact({ ...VALID, website: "http://spam.example" }, "192.0.2.5"))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/contact?sent=1");
    expect(messageCount()).toBe(before);
  });

  it("answers the 11th message in an hour from one IP with 429", async () => {
    const ip = "192.0.2.50";
    for (let i = 0; i < 10; i++) {
      const res = (await contactAction(postContact({ ...VALID, message: `Message ${i}` }, ip))) as Response;
      expect(res.status, `message ${i + 1}`).toBe(302);
    }
    const before = messageCount();
    const limited = (await contactAction(postContact({ ...VALID, message: "Message 11" }, ip))) as Response;
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    const body = (await limited.json()).submission;
    expect(body.error[""][0]).toMatch(/too many messages.*Try again in/i);
    expect(messageCount()).toBe(before);
    // Other visitors can still write.
    expect(((await contactAction(postContact(VALID, "192.0.2.51"))) as Response).status).toBe(302);
  });
});

describe("/contact loader", () => {
  it("flags the sent confirmation", async () => {
    const sent = (await contactLoader(routeArgs(getRequest(`${ORIGIN}/contact?sent=1`)))) as Response;
    expect(await sent.json()).toMatchObject({ sent: true, callRequested: null });
    const plain = (await contactLoader(routeArgs(getRequest(`${ORIGIN}/contact`)))) as Response;
    expect(await plain.json()).toMatchObject({ sent: false, callRequested: null, topic: "general", signedIn: false });
  });
});

describe("/admin/messages loader", () => {
  let adminCookie = "";
  let userCookie = "";

  beforeAll(async () => {
    const admin = createUser({ email: "boss@example.com", role: "admin", firstName: "Ada" });
    const member = createUser({ email: "member@example.com", role: "user", firstName: "Tom" });
    adminCookie = await signedInCookie(admin.id, null);
    userCookie = await signedInCookie(member.id, null);
  });

  const load = (cookie?: string) => messagesLoader(routeArgs(getRequest(`${ORIGIN}/admin/messages`, { cookie })));

  it("answers 403 to a signed-in non-admin", async () => {
    const res = await thrownResponse(() => load(userCookie));
    expect(res.status).toBe(403);
  });

  it("redirects a signed-out visitor to sign in", async () => {
    const res = await thrownResponse(() => load());
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/api\/login\?returnTo=/);
  });

  it("lists messages newest first for an admin", async () => {
    const res = (await load(adminCookie)) as Response;
    expect(res.status).toBe(200);
    const { messages } = await res.json();
    expect(messages.length).toBe(messageCount());
    const ids = messages.map((m: { id: number }) => m.id);
    expect([...ids].sort((a: number, b: number) => b - a)).toEqual(ids);
    expect(messages[0]).toMatchObject({ name: "Jane Trader", email: "jane@example.com" });
    expect(Object.keys(messages[0]).sort()).toEqual(
      ["callSlot", "callSlotText", "createdAt", "email", "goals", "id", "message", "name", "preferredTime", "priority", "topic", "tradingExperience"].sort(),
    );
  });
});

describe("booking a strategy call through /contact", () => {
  const CALL = { name: "Cal Booker", email: "cal@example.com", message: "Which plan fits a part-time trader?", topic: "strategy-call" };

  it("opens the form with Strategy call chosen and the offered slots", async () => {
    const res = (await contactLoader(routeArgs(getRequest(`${ORIGIN}/contact?topic=strategy-call`)))) as Response;
    const data = await res.json();
    expect(data.topic).toBe("strategy-call");
    expect(data.slots.length).toBeGreaterThan(0);
    expect(data.slots[0].value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:[03]0:00\.000Z$/);
    expect(data.slots[0].time).toMatch(/^\d{1,2}:[03]0 [AP]M E[SD]T$/);
  });

  it("stores the chosen slot in UTC with the message and confirms the time", async () => {
    const slotsRes = (await contactLoader(routeArgs(getRequest(`${ORIGIN}/contact?topic=strategy-call`)))) as Response;
    const slot = (await slotsRes.json()).slots[3];
    const res = (await contactAction(postContact({ ...CALL, callSlot: slot.value }, "192.0.2.60"))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/contact?sent=1&call=${encodeURIComponent(slot.value)}`);
    expect(await toastOf(res)).toEqual({ title: "Message Sent!", description: "We'll get back to you within 24 hours." });
    const row = getDb().select().from(contactMessages).orderBy(desc(contactMessages.id)).get()!;
    expect(row).toMatchObject({ name: "Cal Booker", topic: "strategy-call", callSlot: new Date(slot.value) });

    const sent = (await contactLoader(routeArgs(getRequest(`${ORIGIN}${res.headers.get("Location")}`)))) as Response;
    expect((await sent.json()).callRequested).toBe(`${slot.day}, ${slot.time}`);
  });

  it("asks for a time when none is chosen, and refuses a time it does not offer", async () => {
    const before = messageCount();
    const none = (await contactAction(postContact(CALL, "192.0.2.61"))) as Response;
    expect(none.status).toBe(400);
    expect((await none.json()).submission.error.callSlot).toEqual(["Choose a time for your call"]);
    const sunday = (await contactAction(postContact({ ...CALL, callSlot: "2026-11-29T15:00:00.000Z" }, "192.0.2.62"))) as Response;
    expect(sunday.status).toBe(400);
    expect((await sunday.json()).submission.error.callSlot).toEqual(["That time is no longer available. Please choose another."]);
    expect(messageCount()).toBe(before);
  });

  it("lists the request for the admin with its time in New York", async () => {
    const admin = createUser({ email: "desk@example.com", role: "admin", firstName: "Desk" });
    const res = (await messagesLoader(routeArgs(getRequest(`${ORIGIN}/admin/messages`, { cookie: await signedInCookie(admin.id, null) })))) as Response;
    const [latest] = (await res.json()).messages;
    expect(latest).toMatchObject({ name: "Cal Booker", topic: "strategy-call" });
    expect(latest.callSlotText).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:[03]0 [AP]M E[SD]T$/);
    expect(new Date(latest.callSlot).getUTCMinutes() % 30).toBe(0);
  });
});
