// Next calls register() once when a server process starts (not during `next build`).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareApp } = await import("./lib/startup");
  await prepareApp();
}
