export { QUEUES } from "@/lib/jobs/config";
export { expireQuotations } from "@/lib/quotations/expire-quotations";
export { expirePolicies } from "@/lib/worker/expiry";
export { startWorker, stopWorker } from "@/lib/worker/worker";
