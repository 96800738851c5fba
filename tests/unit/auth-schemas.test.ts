/**
 * app/schemas/auth.ts: every field of the sign-in and signup forms is capped;
 * an over-long hidden returnTo is dropped (sign-in then returns to the default page).
 */
import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { loginSchema, MAX_RETURN_TO_LENGTH, signupSchema } from "~/schemas/auth";

const login = { email: "a@example.com", password: "a-password" };
const signup = { ...login, firstName: "Ann", lastName: "Lee", password: "a-long-enough-password", acceptTerms: "on" };

describe("returnTo", () => {
  it.each([
    ["login", loginSchema, login],
    ["signup", signupSchema, signup],
  ] as const)("%s keeps a returnTo up to MAX_RETURN_TO_LENGTH and drops a longer one", (_form, schema, fields) => {
    const longest = `/${"a".repeat(MAX_RETURN_TO_LENGTH - 1)}`;
    expect(schema.parse({ ...fields, returnTo: longest }).returnTo).toBe(longest);
    const parsed = schema.safeParse({ ...fields, returnTo: `${longest}a` });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.returnTo).toBeUndefined();
  });

  it("the forms' constraints still build", () => {
    expect(getZodConstraint(loginSchema).email?.required).toBe(true);
    expect(getZodConstraint(signupSchema).firstName?.maxLength).toBe(80);
  });
});

describe("field caps", () => {
  it.each([
    ["email", { ...signup, email: `${"a".repeat(250)}@example.com` }],
    ["firstName", { ...signup, firstName: "a".repeat(81) }],
    ["lastName", { ...signup, lastName: "a".repeat(81) }],
    ["password", { ...signup, password: "a".repeat(201) }],
  ])("signup refuses an over-long %s", (field, fields) => {
    const parsed = signupSchema.safeParse(fields);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path[0])).toContain(field);
  });

  it("login refuses an over-long email or password", () => {
    expect(loginSchema.safeParse({ ...login, email: `${"a".repeat(250)}@example.com` }).success).toBe(false);
    expect(loginSchema.safeParse({ ...login, password: "a".repeat(201) }).success).toBe(false);
  });
});
