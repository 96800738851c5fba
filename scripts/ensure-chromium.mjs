#!/usr/bin/env node
/**
 * Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests.
 * As root on Debian it installs the package; elsewhere it says what to install.
 * (`npx playwright install` cannot download browsers on this network.)
 */
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const isDebian = existsSync("/etc/debian_version");
if (isRoot && isDebian) {
  console.log("[ensure-chromium] installing Debian's chromium package...");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null", {
    stdio: "inherit",
    shell: "/bin/bash",
  });
  if (existsSync(CHROMIUM)) process.exit(0);
}
console.error(
  `[ensure-chromium] No Chromium at ${CHROMIUM}. Install it (Debian/Ubuntu: \`sudo apt-get install -y chromium\`) ` +
    "or point CHROMIUM_PATH at a Chromium or Chrome binary, then run the tests again.",
);
process.exit(1);
