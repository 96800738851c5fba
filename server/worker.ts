/**
 * `npm run worker`: the delivery worker as its own process (the server runs
 * one too unless DELIVERY_WORKER=off; both can run at once, since jobs are
 * claimed with a lease). Like the server, it takes the app from the Remix
 * build (server/runtime.ts) and runs compiled, `node build/server/worker.js`.
 * Stops cleanly on SIGTERM or SIGINT.
 */
import { loadBuild, runtimeOf } from "./runtime";

try {
  const { background } = runtimeOf(await loadBuild());
  const worker = background.createDeliveryWorker();
  worker.start();
  console.log(`Delivery worker ${worker.owner} is running`);
  const stop = () => void worker.stop().then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
} catch (error) {
  console.error(`The delivery worker could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
