/** What the portal accepts in one upload (under Server Actions' 1 MB body limit); larger files: the CLI. */
export const MAX_UPLOAD_BYTES = 900 * 1024;

export const UPLOAD_TOO_LARGE_MESSAGE = "Arquivo maior que 900 KB: importe-o com npm run payments:import.";
