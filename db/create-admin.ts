/**
 * Creates an admin account, or promotes an existing account to admin.
 *
 *   npm run create-admin -- --email you@example.com --password '...' [--first-name X --last-name Y]
 *
 * Uses the database at DATABASE_PATH (default `data/fx-trader.db`), migrating it first.
 */
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { argon2id, hash } from "argon2";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { migrateDatabase, openDatabase, type Db } from "./connection";
import { userSettings, users } from "./schema";
import { DEFAULT_DATABASE_PATH } from "./seed";

export const MIN_ADMIN_PASSWORD_LENGTH = 12;

const optionalName = z
  .string()
  .trim()
  .max(100, "Names must be at most 100 characters")
  .optional()
  .transform((value) => (value ? value : undefined));

export const createAdminSchema = z.object({
  email: z
    .string({ required_error: "--email is required" })
    .trim()
    .toLowerCase()
    .email("--email must be a valid email address")
    .max(254, "--email is too long"),
  password: z
    .string()
    .min(MIN_ADMIN_PASSWORD_LENGTH, `--password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters long`)
    .max(1024, "--password must be at most 1024 characters long")
    .optional(),
  firstName: optionalName,
  lastName: optionalName,
});

export type CreateAdminInput = z.input<typeof createAdminSchema>;
export type CreateAdminResult = { action: "created" | "promoted"; userId: number; email: string };

/** Invalid input for createAdmin; `message` lists every problem, one per line. */
export class CreateAdminError extends Error {
  override name = "CreateAdminError";
}

/**
 * Creates an admin (email lower-cased) or, when the email exists, promotes it
 * to admin and resets the password if one is given. Ensures a settings row.
 * @throws CreateAdminError on invalid input, or when a new account has no password.
 */
export async function createAdmin(db: Db, input: CreateAdminInput): Promise<CreateAdminResult> {
  const parsed = createAdminSchema.safeParse(input);
  if (!parsed.success) {
    throw new CreateAdminError(parsed.error.issues.map((issue) => issue.message).join("\n"));
  }
  const { email, password, firstName, lastName } = parsed.data;
  const passwordHash = password ? await hash(password, { type: argon2id }) : undefined;

  return db.transaction(
    (tx): CreateAdminResult => {
      const existing = tx.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
      let result: CreateAdminResult;
      if (existing) {
        tx.update(users)
          .set({
            role: "admin",
            ...(passwordHash ? { passwordHash } : {}),
            ...(firstName ? { firstName } : {}),
            ...(lastName ? { lastName } : {}),
          })
          .where(eq(users.id, existing.id))
          .run();
        result = { action: "promoted", userId: existing.id, email };
      } else {
        if (!passwordHash) {
          throw new CreateAdminError("--password is required when creating a new account");
        }
        const created = tx
          .insert(users)
          .values({ email, passwordHash, role: "admin", firstName: firstName ?? null, lastName: lastName ?? null, emailVerifiedAt: new Date() })
          .returning({ id: users.id })
          .get();
        result = { action: "created", userId: created.id, email };
      }
      tx.insert(userSettings).values({ userId: result.userId }).onConflictDoNothing().run();
      return result;
    },
    { behavior: "immediate" },
  );
}

/** Parses the command-line flags into createAdmin input. @throws CreateAdminError on unknown flags. */
export function parseCreateAdminArgs(argv: string[]): CreateAdminInput {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        "first-name": { type: "string" },
        "last-name": { type: "string" },
      },
      strict: true,
      allowPositionals: false,
    });
    return {
      email: values.email as string,
      password: values.password,
      firstName: values["first-name"],
      lastName: values["last-name"],
    };
  } catch (error) {
    throw new CreateAdminError(error instanceof Error ? error.message : String(error));
  }
}

const USAGE =
  "Usage: npm run create-admin -- --email you@example.com --password '<at least 12 characters>' [--first-name X --last-name Y]";

async function main(): Promise<void> {
  let input: CreateAdminInput;
  try {
    input = parseCreateAdminArgs(process.argv.slice(2));
    createAdminSchema.parse(input);
  } catch (error) {
    const message =
      error instanceof z.ZodError
        ? error.issues.map((issue) => issue.message).join("\n")
        : error instanceof Error
          ? error.message
          : String(error);
    console.error(`${message}\n${USAGE}`);
    process.exitCode = 1;
    return;
  }

  const path = process.env.DATABASE_PATH || DEFAULT_DATABASE_PATH;
  const db = openDatabase(path);
  try {
    migrateDatabase(db);
    const result = await createAdmin(db, input);
    console.log(
      result.action === "created"
        ? `Created admin ${result.email} in ${path}`
        : `Promoted ${result.email} to admin in ${path}${input.password ? " and reset the password" : ""}`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    if (error instanceof CreateAdminError) console.error(USAGE);
    process.exitCode = 1;
  } finally {
    db.$client.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main();
}
