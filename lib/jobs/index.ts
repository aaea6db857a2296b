export { expireQuotations } from "@/lib/quotations/expire-quotations";
export { QUEUES } from "./config";
export { expirePolicies } from "./expiry";
export { startWorker, stopWorker } from "./worker";
