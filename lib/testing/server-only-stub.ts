// Vitest resolves `server-only` here: the real module throws outside Next's react-server build.
export {};
