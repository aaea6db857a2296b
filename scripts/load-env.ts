// Imported first by every command-line tool: the same .env files as the server (lib/server/tool-env.ts).
import { loadToolEnv } from "@/lib/server/tool-env";

loadToolEnv();
