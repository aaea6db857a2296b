export { QUEUES } from "./config";
export { expirePolicies } from "./expiry";
export { startWorker, stopWorker } from "./worker";
