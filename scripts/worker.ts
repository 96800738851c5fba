/**
 * `npm run worker`: the delivery worker as its own process (the server runs
 * one too unless DELIVERY_WORKER=off; both can run at once, since jobs are
 * claimed with a lease). Stops cleanly on SIGTERM or SIGINT.
 */
import { getEnv } from "../app/platform/env.server";
import { createDeliveryWorker } from "../app/services/delivery-worker.server";

try {
  getEnv();
} catch (error) {
  console.error(`The delivery worker could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const worker = createDeliveryWorker();
worker.start();
console.log(`Delivery worker ${worker.owner} is running`);
const stop = () => void worker.stop().then(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
