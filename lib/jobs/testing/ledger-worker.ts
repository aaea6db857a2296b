// A worker process for the cross-process tests (lib/jobs/worker-processes.test.ts): the same
// startWorker as `npm run worker`, with the LedgerGateway. LEDGER_HOLD=1 holds first charges.
import postgres from "postgres";
import { usePaymentGatewayForTesting as installGateway } from "@/lib/payments/gateway";
import { startWorker } from "@/lib/worker";
import { LedgerGateway } from "./ledger-gateway";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is required");
const sql = postgres(url, { max: 2, onnotice: () => {} });
installGateway(new LedgerGateway(sql, { holdFirstAttempt: process.env.LEDGER_HOLD === "1" }));
await startWorker();
console.log(`ledger worker ${process.pid} ready`);
