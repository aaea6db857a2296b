// Next calls register() once when a server process starts (not during `next build`).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkServerConfig } = await import("./lib/server/production-config");
  checkServerConfig();
  const { installServerHooks } = await import("./lib/server/install");
  installServerHooks();
  const { prepareApp } = await import("./lib/startup");
  await prepareApp();
}
